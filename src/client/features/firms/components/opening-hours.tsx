import { useTranslation } from 'react-i18next';
import type { OpeningInterval } from '../../../../shared/firms';
import { wallClock } from '../../../../shared/opening-hours';
import { isolate } from '../../../../shared/bidi';
import { useFormatters } from '../../../lib/use-dates';
import { clockTime, WEEK, weekdayName } from '../../../lib/wall-times';
import styles from './firm.module.css';

/** The week's opening hours, Monday first, today (in the firm's time zone) highlighted. */
export function OpeningHours({ hours, timeZone }: { hours: OpeningInterval[]; timeZone: string }) {
  const { t, i18n } = useTranslation('firm');
  const f = useFormatters();
  const today = wallClock(new Date(), timeZone).day;
  return (
    <table className={styles.hours}>
      <caption className="visually-hidden">{t('openingHours')}</caption>
      <tbody>
        {WEEK.map((day) => {
          const intervals = hours.filter((h) => h.day === day);
          return (
            <tr key={day} className={day === today ? styles.today : undefined} aria-current={day === today ? 'date' : undefined}>
              <th scope="row">{weekdayName(day, i18n.language)}</th>
              <td>
                {intervals.length === 0
                  ? t('closed')
                  : intervals.map((h) => isolate(`${clockTime(h.open, f)} – ${clockTime(h.close, f)}`)).join(', ')}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
