import { boundedCache } from '../../shared/bounded-cache';
import type { useFormatters } from './use-dates';

/**
 * Clock times and weekdays of a firm's week (opening hours, a menu's serving hours) as the viewer
 * reads them. Remembered per process: a firm page's week is a few dozen clock times, each formatted
 * through date-fns (with the day names, 5 % of a cold server render). Both are pure functions of
 * the language, the viewer's clock preferences and the value.
 */
const times = boundedCache<string, string>(2000);
const dayNamesByLanguage = new Map<string, string[]>();

/** "09:00" on the viewer's clock format, in the interface language ("9:00 AM", "9:00 ص", "09:00"). */
export function clockTime(value: string, f: ReturnType<typeof useFormatters>): string {
  const key = `${f.prefs.language}|${f.prefs.region}|${f.prefs.hourFormat}|${value}`;
  let text = times.get(key);
  if (text === undefined) {
    const [h, m] = value.split(':').map(Number);
    text = times.set(key, f.time(new Date(Date.UTC(2026, 0, 5, h, m)), 'UTC'));
  }
  return text;
}

/** The name of weekday `day` (0 = Sunday) in `language`, long ("Monday") or short ("Mon"). */
export function weekdayName(day: number, language: string, width: 'long' | 'short' = 'long'): string {
  const key = `${language}|${width}`;
  let names = dayNamesByLanguage.get(key);
  if (!names) {
    const format = new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' });
    // 2026-01-04 is a Sunday
    names = [0, 1, 2, 3, 4, 5, 6].map((d) => format.format(new Date(Date.UTC(2026, 0, 4 + d))));
    dayNamesByLanguage.set(key, names);
  }
  return names[day];
}

/** Monday first, as the week is printed on a shop door in most of the world the app serves. */
export const WEEK: readonly number[] = [1, 2, 3, 4, 5, 6, 0];
