import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpeningInterval } from '../../../../shared/firms';
import { wallClock } from '../../../../shared/opening-hours';
import styles from './firm.module.css';

const ORDER = [1, 2, 3, 4, 5, 6, 0];

function hhmm(value: string, hourFormat: 12 | 24): string {
  if (hourFormat === 24) return value;
  const [h, m] = value.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** The week's opening hours, Monday first, today (in the firm's time zone) highlighted. */
export function OpeningHours({ hours, timeZone, hourFormat }: { hours: OpeningInterval[]; timeZone: string; hourFormat: 12 | 24 }) {
  const { t, i18n } = useTranslation('firm');
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
              <td suppressHydrationWarning>
                {intervals.length === 0
                  ? t('closed')
                  : intervals.map((h) => `${hhmm(h.open, hourFormat)} – ${hhmm(h.close, hourFormat)}`).join(', ')}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
