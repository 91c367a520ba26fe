import { z } from 'zod';
import { pagedSchema, pagingQuery } from './paging';

/** A firm's announcement to its followers: at most this many characters. */
export const ANNOUNCEMENT_MAX_LENGTH = 500;
/** How many announcements a firm may send in 24 hours. */
export const ANNOUNCEMENTS_PER_DAY = 5;

export const announcementInputSchema = z.object({
  text: z.string().trim().min(1, 'validation.required').max(ANNOUNCEMENT_MAX_LENGTH, 'validation.tooLong'),
});

export const announcementSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** the followers it was sent to (in-app, and email or push as each of them chose) */
  reached: z.number().int(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementPageSchema = pagedSchema(announcementSchema);
export const announcementQuerySchema = z.object({ firmId: z.string().min(1).max(64), ...pagingQuery(50, 20) });
