import { useTranslation } from 'react-i18next';
import type { OpeningInterval } from '../../../../shared/firms';
import { wallClock } from '../../../../shared/opening-hours';
import { isolate } from '../../../../shared/bidi';
import { boundedCache } from '../../../../shared/bounded-cache';
import { useFormatters } from '../../../lib/use-dates';
import styles from './firm.module.css';

const ORDER = [1, 2, 3, 4, 5, 6, 0];

/**
 * Texts remembered per process: a firm page's week is a few dozen clock times, each formatted through
 * date-fns in the firm's zone (with the day names, 5 % of a cold server render). Both are
 * pure functions of the language, the viewer's clock preferences and the "HH:MM" value.
 */
const times = boundedCache<string, string>(2000);
const dayNamesByLanguage = new Map<string, string[]>();

/** "09:00" on the viewer's clock format, in the interface language ("9:00 AM", "9:00 ص", "09:00"). */
function hhmm(value: string, f: ReturnType<typeof useFormatters>): string {
  const key = `${f.prefs.language}|${f.prefs.region}|${f.prefs.hourFormat}|${value}`;
  let text = times.get(key);
  if (text === undefined) {
    const [h, m] = value.split(':').map(Number);
    text = times.set(key, f.time(new Date(Date.UTC(2026, 0, 5, h, m)), 'UTC'));
  }
  return text;
}

function dayNames(language: string): string[] {
  let names = dayNamesByLanguage.get(language);
  if (!names) {
    const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
    // 2026-01-04 is a Sunday
    names = ORDER.map((day) => format.format(new Date(Date.UTC(2026, 0, 4 + day))));
    dayNamesByLanguage.set(language, names);
  }
  return names;
}

/** The week's opening hours, Monday first, today (in the firm's time zone) highlighted. */
export function OpeningHours({ hours, timeZone }: { hours: OpeningInterval[]; timeZone: string }) {
  const { t, i18n } = useTranslation('firm');
  const f = useFormatters();
  const names = dayNames(i18n.language);
  const today = wallClock(new Date(), timeZone).day;
  return (
    <table className={styles.hours}>
      <caption className="visually-hidden">{t('openingHours')}</caption>
      <tbody>
        {ORDER.map((day, index) => {
          const intervals = hours.filter((h) => h.day === day);
          return (
            <tr key={day} className={day === today ? styles.today : undefined} aria-current={day === today ? 'date' : undefined}>
              <th scope="row">{names[index]}</th>
              <td>
                {intervals.length === 0
                  ? t('closed')
                  : intervals.map((h) => isolate(`${hhmm(h.open, f)} – ${hhmm(h.close, f)}`)).join(', ')}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
