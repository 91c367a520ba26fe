import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpeningInterval } from '../../../../shared/firms';
import { wallClock } from '../../../../shared/opening-hours';
import { isolate } from '../../../../shared/bidi';
import { useFormatters } from '../../../lib/use-dates';
import styles from './firm.module.css';

const ORDER = [1, 2, 3, 4, 5, 6, 0];

/** "09:00" on the viewer's clock format, in the interface language ("9:00 AM", "9:00 ص", "09:00"). */
function hhmm(value: string, format: (moment: Date, timeZone: string) => string): string {
  const [h, m] = value.split(':').map(Number);
  return format(new Date(Date.UTC(2026, 0, 5, h, m)), 'UTC');
}

/** The week's opening hours, Monday first, today (in the firm's time zone) highlighted. */
export function OpeningHours({ hours, timeZone }: { hours: OpeningInterval[]; timeZone: string }) {
  const { t, i18n } = useTranslation('firm');
  const f = useFormatters();
  const dayNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
    // 2026-01-04 is a Sunday
    return ORDER.map((day) => format.format(new Date(Date.UTC(2026, 0, 4 + day))));
  }, [i18n.language]);
  const today = wallClock(new Date(), timeZone).day;
  return (
    <table className={styles.hours}>
      <caption className="visually-hidden">{t('openingHours')}</caption>
      <tbody>
        {ORDER.map((day, index) => {
          const intervals = hours.filter((h) => h.day === day);
          return (
            <tr key={day} className={day === today ? styles.today : undefined} aria-current={day === today ? 'date' : undefined}>
              <th scope="row">{dayNames[index]}</th>
              <td>
                {intervals.length === 0
                  ? t('closed')
                  : intervals.map((h) => isolate(`${hhmm(h.open, f.time)} – ${hhmm(h.close, f.time)}`)).join(', ')}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
