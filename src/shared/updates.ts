import { z } from 'zod';

/**
 * `/profile/updates`, the activity feed: followed firms' new events and posts, and friends' public
 * activity (a new friend who is not private, a firm they follow). Newest first, the last 60 days.
 */
export const UPDATE_KINDS = ['event', 'post', 'friend', 'follow'] as const;
export const UPDATES_WINDOW_DAYS = 60;
export const UPDATES_MAX = 60;

const personRef = z.object({ name: z.string(), flip: z.string(), imagePath: z.string().nullable() });
const firmRef = z.object({ name: z.string(), username: z.string() });

export const updateItemSchema = z.object({
  kind: z.enum(UPDATE_KINDS),
  at: z.string(),
  /** the page it leads to */
  link: z.string(),
  /** the friend who did it (friend, follow) */
  actor: personRef.nullable(),
  /** the firm it is about (event, post, follow) */
  firm: firmRef.nullable(),
  /** the event's or post's name, or the new friend's */
  subject: z.string().nullable(),
  /** an event's start and its venue's time zone */
  startDateTime: z.string().nullable(),
  timezone: z.string().nullable(),
});
export type UpdateItem = z.infer<typeof updateItemSchema>;
export const updateListSchema = z.array(updateItemSchema);
