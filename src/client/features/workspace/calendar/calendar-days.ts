import { addDays } from '../bookings/booking-days';

/**
 * The calendar's arithmetic on local days (YYYY-MM-DD of the firm's wall clock): the periods the
 * views show and where each key moves the focused day. Days are plain dates, so no device zone and
 * no summer-time change can shift them.
 */
export type CalendarView = 'month' | 'week' | 'day';

export const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** the Monday of the day's week */
export const weekStart = (day: string) => addDays(day, -((weekday(day) + 6) % 7));

/** The same day of another month, or that month's last day when it is shorter. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, last));
  return first.toISOString().slice(0, 10);
}

/** The days a view shows around the focused day: six whole weeks for a month, so every grid has the same rows. */
export function periodOf(view: CalendarView, day: string): { first: string; days: number } {
  if (view === 'day') return { first: day, days: 1 };
  if (view === 'week') return { first: weekStart(day), days: 7 };
  return { first: weekStart(`${day.slice(0, 8)}01`), days: 42 };
}

/** The focused day one period on (`step` 1) or back (-1). */
export function stepPeriod(view: CalendarView, day: string, step: 1 | -1): string {
  if (view === 'month') return addMonths(day, step);
  return addDays(day, view === 'week' ? 7 * step : step);
}

/**
 * Where a key moves the focused day: arrows by a day or a week (left and right swap in a
 * right-to-left page, as the grid is drawn mirrored), Page Up/Down by a period, Home/End to the
 * week's ends. `open` for Enter; null for a key the calendar leaves alone.
 */
export function keyMove(key: string, view: CalendarView, day: string, rtl: boolean): string | 'open' | null {
  const forward = rtl ? -1 : 1;
  switch (key) {
    case 'ArrowRight':
      return addDays(day, forward);
    case 'ArrowLeft':
      return addDays(day, -forward);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'PageDown':
      return stepPeriod(view, day, 1);
    case 'PageUp':
      return stepPeriod(view, day, -1);
    case 'Home':
      return weekStart(day);
    case 'End':
      return addDays(weekStart(day), 6);
    case 'Enter':
      return 'open';
    default:
      return null;
  }
}

export const dayList = (first: string, days: number) => Array.from({ length: days }, (_, i) => addDays(first, i));
