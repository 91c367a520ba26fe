import { z } from 'zod';
import { reasonSchema } from './admin';
import { REPORT_REASONS, REPORT_TARGETS } from './report-kinds';

/** The review queue of the admin area and the member's side of a moderation action (the appeal). */

export const MODERATION_ACTIONS = ['dismiss', 'warn', 'hide', 'suspend', 'terminate', 'restore', 'reassign'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** What a member is told of and may appeal once (a dismissal tells nobody; a restore is the answer). */
export const APPEALABLE_ACTIONS = ['warn', 'hide', 'suspend', 'terminate', 'reassign'] as const satisfies readonly ModerationAction[];
/** Content an admin can hide from public pages, search and explore. */
export const HIDEABLE_TARGETS = ['post', 'review', 'firm'] as const;
/** The status code of a blog post or firm an admin hid: every public read asks for the published/active code, so it drops out. */
export const MODERATION_HIDDEN_STATUS = 8;
/** The status code of a published firm while an owner of it is suspended or closed: off every public read, like a hidden one, until the suspension ends. */
export const OWNER_SUSPENDED_STATUS = 9;
/** The suspension end of a terminated account: no login ever again unless restored. */
export const SUSPENDED_FOREVER = '9999-12-31T23:59:59.999Z';
export const SUSPEND_DAYS_MAX = 365;

export const moderationActionInputSchema = z
  .object({
    targetType: z.enum(REPORT_TARGETS),
    targetId: z.string().trim().min(1).max(64),
    action: z.enum(MODERATION_ACTIONS),
    reason: reasonSchema,
    /** how long a suspension lasts */
    days: z.number().int().min(1).max(SUSPEND_DAYS_MAX).optional(),
    /** reassign: the firm (username or id) that gets the username; absent: the username is freed */
    giveTo: z.string().trim().min(1).max(64).optional(),
  })
  .refine((input) => input.action !== 'suspend' || input.days !== undefined, { message: 'validation.required', path: ['days'] })
  .refine((input) => input.action !== 'reassign' || input.targetType === 'firm', { message: 'validation.invalid', path: ['targetType'] })
  .refine((input) => input.giveTo === undefined || input.action === 'reassign', { message: 'validation.invalid', path: ['giveTo'] });
export type ModerationActionInput = z.infer<typeof moderationActionInputSchema>;

export const moderationActionSchema = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  targetName: z.string(),
  reason: z.string(),
  until: z.string().nullable(),
  /** reassign: the firm's username before and the one it was given */
  username: z.object({ before: z.string(), after: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ModerationActionRecord = z.infer<typeof moderationActionSchema>;

export const reviewGroupSchema = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  targetName: z.string(),
  /** the reported content as it read at the latest report */
  preview: z.string(),
  reports: z.number().int(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  reporters: z.array(z.object({ id: z.string(), name: z.string() })),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  /** hidden or suspended now: restore applies */
  restorable: z.boolean(),
  /** the member's appeal that put the target back in the queue */
  appeal: z.object({ action: z.enum(MODERATION_ACTIONS), reason: z.string(), text: z.string(), at: z.string() }).nullable(),
});
export type ReviewGroup = z.infer<typeof reviewGroupSchema>;
export const reviewQueueSchema = z.array(reviewGroupSchema);

/** A moderation action as the member it concerns sees it. */
export const memberModerationSchema = moderationActionSchema.omit({ targetId: true }).extend({
  appeal: z.string().nullable(),
  appealedAt: z.string().nullable(),
  canAppeal: z.boolean(),
});
export type MemberModeration = z.infer<typeof memberModerationSchema>;

export const APPEAL_MAX = 1000;
export const appealInputSchema = z.object({ text: z.string().trim().min(3).max(APPEAL_MAX) });
