import { z } from 'zod';
import { PAGE_KINDS, QR_SOURCE, type PageView } from './page-views';

/**
 * A firm's performance (/api/dashboard/performance, /workspace/performance): how often its page and
 * its items were seen and its printed codes scanned, counted without cookies from a beacon each
 * page sends once (/api/public/page-views), with the follows, saves and purchases of the same
 * weeks of the firm's calendar.
 */
/** What the beacon sends: the page seen, named as its address names it (a username or a short id). */
export const pageViewSchema = z.object({
  kind: z.enum(PAGE_KINDS),
  key: z.string().min(1).max(64),
  source: z.literal(QR_SOURCE).optional(),
}) satisfies z.ZodType<PageView>;

/** Weeks shown, each compared with the one before it; the totals are compared with as many weeks before. */
export const PERFORMANCE_WEEKS = 8;

export const PERFORMANCE_METRICS = ['views', 'scans', 'follows', 'saves', 'purchases', 'conversion'] as const;
export type PerformanceMetric = (typeof PERFORMANCE_METRICS)[number];

const figuresSchema = z.object({
  views: z.number().int(),
  scans: z.number().int(),
  follows: z.number().int(),
  saves: z.number().int(),
  purchases: z.number().int(),
  /** purchases per view (0 to any), null without views */
  conversion: z.number().nullable(),
});
export type PerformanceFigures = z.infer<typeof figuresSchema>;

/** Change from the previous period in percent (rounded), null when there is nothing to compare with. */
const changeSchema = z.record(z.enum(PERFORMANCE_METRICS), z.number().nullable());
export type PerformanceChange = z.infer<typeof changeSchema>;

export const performanceSchema = z.object({
  timezone: z.string(),
  /** the first day of the first week and the last day counted (today), on the firm's calendar */
  from: z.string(),
  to: z.string(),
  weeks: z.array(z.object({ start: z.string(), figures: figuresSchema, change: changeSchema })),
  totals: z.object({ current: figuresSchema, previous: figuresSchema, change: changeSchema }),
  topItems: z.array(z.object({ kind: z.enum(PAGE_KINDS), id: z.string(), name: z.string(), views: z.number().int() })),
});
export type Performance = z.infer<typeof performanceSchema>;
