import type { OpeningInterval } from './firms';
import { isOpenAt, wallClock } from './opening-hours';

/**
 * When a menu is served (breakfast 08:00–11:00, Monday to Friday), on the firm's wall clock: days (0 = Sunday) in
 * order, the times as "HH:MM". A menu without them is served whenever the firm shows it. `to` at or before `from`
 * runs past midnight (a late menu 22:00–02:00 belongs to the day it starts), as the firm's opening hours do; equal
 * times serve the whole of those days. The schemas are in menu-hours-schema.ts: the public pages that read the
 * hours do not carry zod for them.
 */
export interface ServingHours {
  days: number[];
  from: string;
  to: string;
}

const asIntervals = (hours: ServingHours): OpeningInterval[] => hours.days.map((day) => ({ day, open: hours.from, close: hours.to }));

/** Whether a menu with these hours is served at `at`, read on the firm's wall clock (not the viewer's). */
export function isServingAt(hours: ServingHours | null, timeZone: string, at: Date): boolean {
  return hours === null || isOpenAt(asIntervals(hours), timeZone, at);
}

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The next instant after `at` at which the firm's wall clock reads `from` or `to` of any of these
 * hours: where a menu may appear or go (null: none has hours, nothing ever changes). A page that
 * shows the menus looks again then. Counted in wall minutes and then corrected by what the wall
 * clock reads at the candidate, so a change of summer time in between does not move it.
 */
export function nextServingChange(hours: readonly (ServingHours | null)[], timeZone: string, at: Date): Date | null {
  const marks = new Set(hours.flatMap((h) => (h ? [toMinutes(h.from), toMinutes(h.to)] : [])));
  if (marks.size === 0) return null;
  const startOfMinute = Math.floor(at.getTime() / MINUTE) * MINUTE;
  const now = wallClock(at, timeZone).minutes;
  let next = Infinity;
  for (const mark of marks) {
    const ahead = (mark - now + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES;
    const candidate = startOfMinute + ahead * MINUTE;
    const drift = ((mark - wallClock(new Date(candidate), timeZone).minutes + DAY_MINUTES * 1.5) % DAY_MINUTES) - DAY_MINUTES / 2;
    next = Math.min(next, candidate + drift * MINUTE);
  }
  return new Date(Math.max(next, startOfMinute + MINUTE));
}
