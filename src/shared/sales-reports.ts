import { z } from 'zod';

/**
 * A firm's sales report (/api/dashboard/sales-reports, /workspace/reports): what was sold, refunded
 * and kept over a period of days on the firm's own calendar (its time zone), in minor units of the
 * firm's currency. An order counts on the day it was paid; a refund on the day it was given.
 */
export const SALES_PERIODS = ['today', '7d', '30d', 'month', 'custom'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

/** A custom range spans at most this many days (two years, a leap day included). */
export const SALES_RANGE_MAX_DAYS = 731;

/** The series is by day up to this many days, then by week up to a year, then by month. */
export const DAILY_MAX_DAYS = 92;
export const WEEKLY_MAX_DAYS = 366;

export const SALES_BUCKETS = ['day', 'week', 'month'] as const;
export type SalesBucket = (typeof SALES_BUCKETS)[number];

/** The kinds of an order's lines (orders' `order_lines.kind`). */
export const SALES_ITEM_KINDS = ['ticket', 'addon', 'product', 'menu_item'] as const;

const DAY_MS = 86_400_000;

/** `2026-03-31` → its day number since 1970 (a calendar date, no time zone), or NaN for a date that does not exist. */
export function dayNumber(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  return new Date(time).getUTCDate() === day && new Date(time).getUTCMonth() === month - 1 ? time / DAY_MS : Number.NaN;
}

/** The calendar date of a day number. */
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const calendarDate = z.string().refine((value) => Number.isFinite(dayNumber(value)), 'validation.date');

const periodFields = {
  firmId: z.string().min(1).max(64),
  period: z.enum(SALES_PERIODS).default('30d'),
  /** the first and last day of a custom period, on the firm's calendar (both included) */
  from: calendarDate.optional(),
  to: calendarDate.optional(),
};

/** A custom period names both days, in order, at most two years apart. */
function checkRange(query: { period: SalesPeriod; from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (query.period !== 'custom') return;
  if (!query.from || !query.to) {
    ctx.addIssue({ code: 'custom', path: [query.from ? 'to' : 'from'], message: 'validation.required' });
    return;
  }
  const days = dayNumber(query.to) - dayNumber(query.from) + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateOrder' });
  else if (days > SALES_RANGE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.rangeTooLong' });
}

export const salesReportQuerySchema = z.object(periodFields).superRefine(checkRange);
export type SalesReportQuery = z.output<typeof salesReportQuerySchema>;

export const salesCsvQuerySchema = z
  .object({
    ...periodFields,
    /** `series`: a row per day (week, month) of the report; `orders`: a row per order paid in the period */
    rows: z.enum(['series', 'orders']).default('series'),
  })
  .superRefine(checkRange);

const minor = z.number().int();
const count = z.number().int().nonnegative();

const figuresSchema = z.object({
  /** what the orders paid in the period came to */
  grossMinor: minor,
  /** what was given back in the period (of orders paid then or before) */
  refundsMinor: minor,
  /** gross less refunds */
  netMinor: minor,
  /** orders paid in the period */
  orders: count,
  /** tickets in those orders */
  ticketsSold: count,
});

export const salesSeriesPointSchema = figuresSchema.extend({
  /** the first day of the day, week or month, on the firm's calendar (the first week and month start at `from`) */
  start: z.string(),
});
export type SalesSeriesPoint = z.infer<typeof salesSeriesPointSchema>;

export const salesReportSchema = z.object({
  currency: z.string(),
  timezone: z.string(),
  period: z.enum(SALES_PERIODS),
  from: z.string(),
  to: z.string(),
  bucket: z.enum(SALES_BUCKETS),
  totals: figuresSchema.extend({
    /** gross divided by orders, rounded to the minor unit; 0 without orders */
    averageOrderMinor: minor,
  }),
  series: z.array(salesSeriesPointSchema),
  /** the best sellers of the period by gross, at most 20 */
  topItems: z.array(
    z.object({
      kind: z.enum(SALES_ITEM_KINDS),
      label: z.string(),
      /** the event of a ticket tier or add-on, the variant of a product; null otherwise */
      detail: z.string().nullable(),
      quantity: count,
      refundedQuantity: count,
      grossMinor: minor,
    }),
  ),
  /** tickets and shop (menu and products) orders */
  channels: z.array(z.object({ kind: z.enum(['tickets', 'shop', 'till']), orders: count, grossMinor: minor })),
  /** how the orders were paid (`card`, `wallet`, …); null for orders with nothing to pay */
  paymentMethods: z.array(z.object({ method: z.string().nullable(), orders: count, grossMinor: minor })),
  /** orders paid in the period in another currency (before a change of the firm's currency): not in the figures */
  otherCurrencyOrders: count,
});
export type SalesReport = z.infer<typeof salesReportSchema>;
