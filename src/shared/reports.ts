import { z } from 'zod';

/**
 * Reports for moderation (/profile/help/report): a person, a firm, an event, a post or a review,
 * named by its id (from the page that opened the form) or by the link to it (pasted).
 */
export const REPORT_TARGETS = ['user', 'firm', 'event', 'post', 'review'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'fake', 'scam', 'other'] as const;
export const REPORT_DETAILS_MAX = 2000;

export const reportInputSchema = z
  .object({
    targetType: z.enum(REPORT_TARGETS),
    targetId: z.string().trim().min(1).max(64).optional(),
    /** a link to the thing (https://…/profile/someone, /someplace, /event/abc, /blog/abc) */
    link: z.string().trim().min(1).max(500).optional(),
    reason: z.enum(REPORT_REASONS),
    details: z.string().trim().max(REPORT_DETAILS_MAX).default(''),
  })
  .refine((input) => input.targetId || input.link, { message: 'validation.required', path: ['link'] });
export type ReportInput = z.input<typeof reportInputSchema>;

export const reportSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGETS),
  /** what was reported, as it was named when reported */
  targetName: z.string(),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(['open', 'reviewed']),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportListSchema = z.array(reportSchema);
