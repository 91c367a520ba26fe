import type { OpeningInterval } from './firms';

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      formatter = formatterFor('UTC');
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Weekday (0 = Sunday) and minutes after midnight of `at` on the wall clock of `timeZone`. */
export function wallClock(at: Date, timeZone: string): { day: number; minutes: number } {
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of formatterFor(timeZone).formatToParts(at)) {
    if (part.type === 'weekday') day = WEEKDAYS[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { day, minutes: hour * 60 + minute };
}

/** Whether `at` is a midnight on the wall clock of `timeZone`: where a closure of whole days starts and ends. */
export const atLocalMidnight = (at: string | Date, timeZone: string) => wallClock(new Date(at), timeZone).minutes === 0;

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a firm with these hours is open at `at`, read in the firm's own time zone. */
export function isOpenAt(hours: readonly OpeningInterval[], timeZone: string, at: Date): boolean {
  if (hours.length === 0) return false;
  const { day, minutes } = wallClock(at, timeZone);
  const yesterday = (day + 6) % 7;
  for (const interval of hours) {
    const open = toMinutes(interval.open);
    const close = toMinutes(interval.close);
    if (close > open) {
      if (interval.day === day && minutes >= open && minutes < close) return true;
    } else {
      // past midnight (or round the clock when equal)
      if (interval.day === day && minutes >= open) return true;
      if (interval.day === yesterday && minutes < close) return true;
    }
  }
  return false;
}
