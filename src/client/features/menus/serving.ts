import { useCallback, useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { isolate } from '../../../shared/bidi';
import { nextServingChange, type ServingHours } from '../../../shared/menu-hours';
import { useFormatters } from '../../lib/use-dates';
import { clockTime, WEEK, weekdayName } from '../../lib/wall-times';

const MINUTE = 60_000;
const currentMinute = () => Math.floor(Date.now() / MINUTE);

/**
 * The instant a page reads its menus' serving hours at, to the minute (their hours are whole
 * minutes). The page decides, not the server: the menus are answered with their hours and kept by
 * the API's micro-cache, the rendered-page cache, the browser, the service worker and the device's
 * persisted copy, and none of them would have to end at a menu's start or end. So the answer
 * stays the same all day and the page looks again at the next start or end of any of the hours
 * (on the firm's wall clock, whatever the device's zone).
 *
 * The server renders at `renderedAt` (when the menus were read: the query's `dataUpdatedAt`, sent
 * with the page), and so does the browser while it hydrates that HTML: the markup matches. Then
 * the browser's own clock takes over.
 */
export function useServingNow(hours: readonly (ServingHours | null)[], timeZone: string, renderedAt: number): Date {
  const marks = JSON.stringify(hours);
  const subscribe = useCallback(
    (changed: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const schedule = () => {
        const next = nextServingChange(JSON.parse(marks) as (ServingHours | null)[], timeZone, new Date());
        if (!next) return;
        timer = setTimeout(() => {
          changed();
          schedule();
        }, next.getTime() - Date.now());
      };
      schedule();
      return () => clearTimeout(timer);
    },
    [marks, timeZone],
  );
  const minute = useSyncExternalStore(subscribe, currentMinute, () => Math.floor(renderedAt / MINUTE));
  return new Date(minute * MINUTE);
}

/** "Mon–Fri", "Sat, Sun", "Mon, Wed–Fri": the days Monday first, a run of three or more as a range. */
function dayList(days: readonly number[], language: string): string {
  const inWeek = WEEK.filter((day) => days.includes(day));
  const runs: number[][] = [];
  for (const day of inWeek) {
    const run = runs.at(-1);
    if (run && WEEK.indexOf(run.at(-1)!) + 1 === WEEK.indexOf(day)) run.push(day);
    else runs.push([day]);
  }
  const name = (day: number) => weekdayName(day, language, 'short');
  return runs
    .flatMap((run) => (run.length >= 3 ? [`${name(run[0])}–${name(run.at(-1)!)}`] : run.map(name)))
    .map((part) => isolate(part))
    .join(', ');
}

/** "Breakfast — served Mon–Fri, 8:00 – 11:00": when a guest may come back for a menu not served now. */
export function useServedLine(t: TFunction<'firm'>) {
  const f = useFormatters();
  return (menuName: string, hours: ServingHours) => {
    const time = isolate(`${clockTime(hours.from, f)} – ${clockTime(hours.to, f)}`);
    const menu = isolate(menuName);
    return hours.days.length === 7
      ? t('menuHours.served', { menu, time })
      : t('menuHours.servedOn', { menu, time, days: dayList(hours.days, f.prefs.language) });
  };
}
