import { z } from 'zod';
import { cursorIdSchema, cursorPagedSchema, cursorQuery, cursorTimeSchema } from './paging';

/**
 * A firm's audience as its team sees it (workspace followers): its followers, the people asking to
 * follow it (when it approves its followers) and the people it restricted. Each list shows the
 * name and flip they show on Souk, and since when.
 */
/**
 * The latest first, by the date then the person's id. Keyset pages: a popular firm has thousands of
 * followers, and an offset page would read and drop every one before it.
 */
export const firmFollowerQuerySchema = z.object({
  firmId: z.string().min(1).max(64),
  ...cursorQuery(z.tuple([cursorTimeSchema, cursorIdSchema]), 50, 20),
  /** a part of the name or the flip */
  q: z.string().trim().max(60).optional(),
});

export const firmFollowerSchema = z.object({
  /** the person's user id: what approving, declining and restricting name */
  id: z.string(),
  name: z.string(),
  flip: z.string(),
  imagePath: z.string().nullable(),
  /** since they follow, asked to follow, or were restricted */
  since: z.string(),
});
export type FirmFollower = z.infer<typeof firmFollowerSchema>;
export const firmFollowerPageSchema = cursorPagedSchema(firmFollowerSchema).extend({
  /** how many people the list holds (that match `q`): the page says so above the rows */
  totalElements: z.number().int(),
});
export type FirmFollowerPage = z.infer<typeof firmFollowerPageSchema>;

/** The most requests one approval or decline answers (a page of the list, and some). */
export const FOLLOW_DECISION_LIMIT = 100;

/** Approve or decline these people's follow requests. */
export const followDecisionSchema = z.object({
  userIds: z.array(z.string().min(1).max(64)).min(1).max(FOLLOW_DECISION_LIMIT),
});

/** How many of the named requests were answered (the others were already answered or withdrawn). */
export const followDecisionAnswerSchema = z.object({ answered: z.number().int().min(0) });
export type FollowDecisionAnswer = z.infer<typeof followDecisionAnswerSchema>;

/** Restricting or lifting: the person, and the firm whose team does it. */
export const restrictionParamsSchema = z.object({ userId: z.string().min(1).max(64) });

/** Whether following the firm is a request its team answers (owners also set it with the firm's settings). */
export const followApprovalSchema = z.object({ approveFollowers: z.boolean() });
export type FollowApproval = z.infer<typeof followApprovalSchema>;
