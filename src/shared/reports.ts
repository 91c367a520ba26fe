import { z } from 'zod';
import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_TARGETS } from './report-kinds';

/** Reports for moderation: what the form sends and what the reporter's list shows (./report-kinds.ts). */
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
