import type { TFunction } from 'i18next';
import { isolate } from '../../../shared/bidi';
import type { ServingHours } from '../../../shared/menu-hours';
import { useFormatters } from '../../lib/use-dates';
import { clockTime, WEEK, weekdayName } from '../../lib/wall-times';

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
