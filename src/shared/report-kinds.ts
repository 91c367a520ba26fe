/**
 * Reports for moderation (/profile/help/report): a person, a firm, an event, a post or a review,
 * named by its id (from the page that opened the form) or by the link to it (pasted). Apart from the
 * zod schemas (./reports.ts) so the route's search validation, which is in the entry chunk, can read
 * them without bringing classic zod along.
 */
export const REPORT_TARGETS = ['user', 'firm', 'event', 'post', 'review'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'fake', 'scam', 'other'] as const;
export const REPORT_DETAILS_MAX = 2000;
