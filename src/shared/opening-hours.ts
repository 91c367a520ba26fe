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

/**
 * Whether a firm takes orders of dishes at `at`: while it is open, on its own clock. A firm that never
 * entered its hours (an empty week) takes them at any time: `isOpenAt` calls such a firm closed, which
 * is right for an "open now" badge but would silently stop the kitchen of everyone who skipped the form.
 */
export function orderingOpenAt(hours: readonly OpeningInterval[], timeZone: string, at: Date): boolean {
  return hours.length === 0 || isOpenAt(hours, timeZone, at);
}

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;
/** the longest jump of a wall clock (a change of summer time is one hour; a few zones moved by more) */
const LONGEST_JUMP_MINUTES = 120;

/**
 * The first minute after `at` at which a firm closed at `at` opens, on its wall clock (null: it has no
 * hours). The next start of any interval is counted in wall minutes, then corrected by what the wall
 * clock reads there, so a change of summer time in between does not move it; a start that the change
 * skips (02:30 on the night clocks jump from 02:00 to 03:00) opens when the clock lands past it.
 */
export function nextOpening(hours: readonly OpeningInterval[], timeZone: string, at: Date): Date | null {
  if (hours.length === 0) return null;
  const startOfMinute = Math.floor(at.getTime() / MINUTE) * MINUTE;
  const now = wallClock(at, timeZone);
  const nowInWeek = now.day * DAY_MINUTES + now.minutes;
  let next = Infinity;
  for (const interval of hours) {
    const opens = interval.day * DAY_MINUTES + toMinutes(interval.open);
    const ahead = (opens - nowInWeek + WEEK_MINUTES) % WEEK_MINUTES || WEEK_MINUTES;
    const candidate = startOfMinute + ahead * MINUTE;
    const read = wallClock(new Date(candidate), timeZone).minutes;
    const drift = ((toMinutes(interval.open) - read + DAY_MINUTES * 1.5) % DAY_MINUTES) - DAY_MINUTES / 2;
    next = Math.min(next, candidate + drift * MINUTE);
  }
  let opening = Math.max(next, startOfMinute + MINUTE);
  for (let step = 0; step < LONGEST_JUMP_MINUTES && !isOpenAt(hours, timeZone, new Date(opening)); step += 1) opening += MINUTE;
  return new Date(opening);
}
