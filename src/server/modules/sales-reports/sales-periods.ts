import { TZDate } from '@date-fns/tz';
import {
  DAILY_MAX_DAYS,
  dateOfDay,
  dayNumber,
  WEEKLY_MAX_DAYS,
  type SalesBucket,
  type SalesReportQuery,
} from '../../../shared/sales-reports';

/**
 * A report's period on the firm's calendar: its first and last day, how its series is cut (days,
 * weeks from Monday, months), and the instants where each piece starts and the last one ends.
 * The days are the firm's: a Paris shop's Tuesday runs from Monday 22:00 to Tuesday 22:00 UTC in
 * summer, and a day when the clocks change is 23 or 25 hours long.
 */
export interface SalesWindow {
  from: string;
  to: string;
  bucket: SalesBucket;
  /** the first day of each piece of the series */
  starts: string[];
  /** starts.length + 1 ISO instants: where each piece starts, then where the last one ends */
  edges: string[];
}

/** The instant the firm's day `date` begins (the first moment that exists, when midnight is skipped). */
export function startOfDay(date: string, zone: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, day, zone).getTime()).toISOString();
}

/** The firm's calendar date at `now`. */
export function today(now: Date, zone: string): string {
  const local = new TZDate(now.getTime(), zone);
  return dateOfDay(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) / 86_400_000);
}

/** A zone the runtime knows, or UTC (a firm row with a zone this machine's data lacks still gets a report). */
export function knownZone(zone: string): string {
  return Number.isNaN(new TZDate(0, zone).getTime()) ? 'UTC' : zone;
}

function range(query: Pick<SalesReportQuery, 'period' | 'from' | 'to'>, now: Date, zone: string): { from: number; to: number } {
  const last = dayNumber(today(now, zone));
  switch (query.period) {
    case 'today':
      return { from: last, to: last };
    case '7d':
      return { from: last - 6, to: last };
    case '30d':
      return { from: last - 29, to: last };
    case 'month':
      return { from: dayNumber(`${dateOfDay(last).slice(0, 7)}-01`), to: last };
    case 'custom':
      // the schema has checked both days are there and in order
      return { from: dayNumber(query.from!), to: dayNumber(query.to!) };
  }
}

const isMonday = (day: number) => (day + 3) % 7 === 0;
const isFirstOfMonth = (day: number) => dateOfDay(day).endsWith('-01');

export function salesWindow(query: Pick<SalesReportQuery, 'period' | 'from' | 'to'>, now: Date, zone: string): SalesWindow {
  const { from, to } = range(query, now, zone);
  const days = to - from + 1;
  return windowOf(from, to, days <= DAILY_MAX_DAYS ? 'day' : days <= WEEKLY_MAX_DAYS ? 'week' : 'month', zone);
}

/** The last `count` weeks of the firm's calendar, from a Monday to today (the current week so far). */
export function weeksWindow(count: number, now: Date, zone: string): SalesWindow {
  const last = dayNumber(today(now, zone));
  const monday = last - ((last + 3) % 7);
  return windowOf(monday - 7 * (count - 1), last, 'week', zone);
}

/** The days `from` to `to` (day numbers, both included) cut by `bucket`. */
function windowOf(from: number, to: number, bucket: SalesBucket, zone: string): SalesWindow {
  const starts: string[] = [];
  for (let day = from; day <= to; day++) {
    const cut = bucket === 'day' || (bucket === 'week' ? isMonday(day) : isFirstOfMonth(day));
    if (day === from || cut) starts.push(dateOfDay(day));
  }
  const edges = [...starts, dateOfDay(to + 1)].map((date) => startOfDay(date, zone));
  return { from: dateOfDay(from), to: dateOfDay(to), bucket, starts, edges };
}
