import { useTranslation } from 'react-i18next';
import type { OpeningInterval } from '../../../../shared/firms';
import { WEEK, weekdayName } from '../../../lib/wall-times';
import ui from '../ui/workspace-ui.module.css';
import styles from './firm-form.module.css';

/**
 * Opening hours, one interval per day (a closing time at or before the opening time runs past
 * midnight, like a bar's 20:00–02:00). Stored as the firm page reads them: {day, open, close}.
 */
export function OpeningHoursEditor({
  value,
  onChange,
  error,
}: {
  value: readonly OpeningInterval[];
  onChange: (next: OpeningInterval[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('workspace');
  const locale = t('locale');
  const byDay = new Map(value.map((interval) => [interval.day, interval]));
  const set = (day: number, interval: OpeningInterval | undefined) => {
    const next = value.filter((entry) => entry.day !== day);
    if (interval) next.push(interval);
    onChange(next.sort((a, b) => WEEK.indexOf(a.day) - WEEK.indexOf(b.day)));
  };
  return (
    <fieldset className={styles.hours} aria-describedby={error ? 'hours-error' : undefined}>
      <legend className={styles.legend}>{t('form.openingHours')}</legend>
      {WEEK.map((day) => {
        const interval = byDay.get(day);
        const name = weekdayName(day, locale);
        const overnight = interval && interval.close <= interval.open;
        return (
          <div key={day} className={styles.day}>
            <label className={styles.dayToggle}>
              <input
                type="checkbox"
                checked={Boolean(interval)}
                onChange={(event) => set(day, event.target.checked ? { day, open: '09:00', close: '18:00' } : undefined)}
              />
              <span className={styles.dayName}>{name}</span>
            </label>
            {interval ? (
              <span className={styles.times}>
                <input
                  type="time"
                  className={styles.time}
                  value={interval.open}
                  aria-label={t('form.opensAt', { day: name })}
                  onChange={(event) => event.target.value && set(day, { ...interval, open: event.target.value })}
                />
                <span aria-hidden="true">–</span>
                <input
                  type="time"
                  className={styles.time}
                  value={interval.close}
                  aria-label={t('form.closesAt', { day: name })}
                  onChange={(event) => event.target.value && set(day, { ...interval, close: event.target.value })}
                />
                {overnight && <span className={styles.overnight}>{t('form.overnight')}</span>}
              </span>
            ) : (
              <span className={styles.closed}>{t('form.closed')}</span>
            )}
          </div>
        );
      })}
      {error && (
        <p id="hours-error" className={ui.controlProblem} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
