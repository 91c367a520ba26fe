import { useTranslation } from 'react-i18next';
import type { ServingHours } from '../../../../shared/menu-hours';
import { MultiChoice } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { WEEK, weekdayName } from '../../../lib/wall-times';
import styles from './menus.module.css';

/** A menu's hours as the editor holds them: switched off, the last days and times are kept to switch back. */
export interface ServingDraft {
  limited: boolean;
  days: number[];
  from: string;
  to: string;
}

export const servingDraftOf = (hours: ServingHours | null): ServingDraft =>
  hours ? { limited: true, ...hours } : { limited: false, days: [...WEEK], from: '08:00', to: '11:00' };

/** What the save sends: null serves the menu whenever it is shown. */
export const servingHoursOf = ({ limited, days, from, to }: ServingDraft) => (limited ? { days, from, to } : null);

/**
 * "Served only at set hours": the days (Monday first) and a from–to on the firm's clock, `timeZone`.
 * An end at or before the start runs past midnight (a late menu, 22:00–02:00).
 */
export function ServingHoursFields({
  value,
  timeZone,
  error,
  onChange,
}: {
  value: ServingDraft;
  timeZone: string;
  error?: string;
  onChange: (next: ServingDraft) => void;
}) {
  const { t, i18n } = useTranslation('workspace-catalogue');
  return (
    <fieldset className={styles.serving} aria-describedby={error ? 'menu-serving-error' : 'menu-serving-hint'}>
      <legend className={styles.servingLegend}>{t('menus.hours.title')}</legend>
      <label className={styles.servingToggle}>
        <input type="checkbox" checked={value.limited} onChange={(event) => onChange({ ...value, limited: event.target.checked })} />
        {t('menus.hours.limited')}
      </label>
      {value.limited && (
        <>
          <MultiChoice
            legend={t('menus.hours.days')}
            legendHidden
            options={WEEK.map((day) => ({ value: day, label: weekdayName(day, i18n.language, 'short') }))}
            value={value.days}
            onChange={(days) => onChange({ ...value, days: days.sort((a, b) => a - b) })}
          />
          <div className={styles.servingTimes}>
            <TextField
              id="menu-serving-from"
              label={t('menus.hours.from')}
              type="time"
              value={value.from}
              onChange={(event) => onChange({ ...value, from: event.target.value })}
            />
            <TextField
              id="menu-serving-to"
              label={t('menus.hours.to')}
              type="time"
              value={value.to}
              onChange={(event) => onChange({ ...value, to: event.target.value })}
            />
          </div>
        </>
      )}
      <p id="menu-serving-hint" className={styles.servingHint}>
        {t(value.limited ? 'menus.hours.hintLimited' : 'menus.hours.hintAlways', { zone: timeZone })}
      </p>
      {error && (
        <p id="menu-serving-error" className={styles.servingError} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
