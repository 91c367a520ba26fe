import { useTranslation } from 'react-i18next';
import { BOOKING_REFUSALS, type PublicClosure } from '../../../../shared/bookings';
import inputs from '../../../components/ui/text-field.module.css';
import { ApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/use-dates';
import { atLocalMidnight } from '../../../../shared/opening-hours';
import styles from './bookings.module.css';

/** Today in the firm's zone (YYYY-MM-DD), whatever the device's zone says. */
export const localToday = (timeZone: string, now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface Refusal {
  code: string;
  /** the server's own words: a closure's refusal is worded there, with the firm's public reason */
  detail: string;
  nextSlots: string[];
}

export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiError) || error.status !== 409) return { code: 'unexpected', detail: '', nextSlots: [] };
  const raw = error.raw as { nextSlots?: string[] } | undefined;
  return { code: error.code ?? 'slot_taken', detail: error.message, nextSlots: raw?.nextSlots ?? [] };
}

/** what a move may be refused for besides what a booking may */
const MOVE_REFUSALS = ['change_deadline', 'booking_state'] as const;

/** Why a booking or a move was refused, and whether the next free starts are offered instead. */
export function RefusalNote({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation('bookings');
  const known = [...BOOKING_REFUSALS, ...MOVE_REFUSALS].includes(refusal.code as never);
  return (
    <div className={styles.refusal} role="alert" data-testid="booking-refusal">
      <p>{refusal.code === 'closed' ? refusal.detail : t(known ? `refused.${refusal.code}` : 'refused.unexpected')}</p>
      {refusal.nextSlots.length > 0 && <p>{t('refused.next')}</p>}
    </div>
  );
}

/** A closure takes the whole of `date` when it began by that day's midnight and ends after it. */
const takesTheDay = (closure: PublicClosure, date: string, timeZone: string) => {
  const first = localToday(timeZone, new Date(closure.startsAt));
  return (
    (first < date || (first === date && atLocalMidnight(closure.startsAt, timeZone))) &&
    localToday(timeZone, new Date(closure.endsAt)) > date
  );
};

/**
 * The firm's closures on the chosen day: "Closed this day" when one covers the whole of it, else the
 * blocked times; each with its reason when the firm made it public.
 */
export function ClosedNotice({ closures, date, timeZone }: { closures: PublicClosure[]; date: string; timeZone: string }) {
  const { t } = useTranslation('bookings');
  const format = useFormatters();
  if (closures.length === 0) return null;
  return (
    <ul className={styles.closed} data-testid="closed-notice">
      {closures.map((closure) => {
        const when = takesTheDay(closure, date, timeZone)
          ? t('closed.day')
          : t('closed.between', { time: format.timeRange(closure.startsAt, closure.endsAt, timeZone) });
        return (
          <li key={closure.startsAt}>
            {when}
            {closure.reason && (
              <>
                {' · '}
                <bdi>{closure.reason}</bdi>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The free starts as buttons, in the firm's zone; the chosen one pressed. */
export function SlotGrid(props: { label: string; slots: string[]; chosen?: string; timeZone: string; onChoose: (slot: string) => void }) {
  const format = useFormatters();
  if (props.slots.length === 0) return null;
  return (
    <ul className={styles.slots} aria-label={props.label} data-testid="booking-slots">
      {props.slots.map((slot) => (
        <li key={slot}>
          <button
            type="button"
            className={slot === props.chosen ? `${styles.slot} ${styles.slotChosen}` : styles.slot}
            aria-pressed={slot === props.chosen}
            onClick={() => props.onChoose(slot)}
          >
            {format.time(slot, props.timeZone)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A day of the firm's calendar, from its today to the last it takes bookings for. */
export function DayField(props: { id: string; date: string; timeZone: string; aheadDays?: number; onChange: (date: string) => void }) {
  const { t } = useTranslation('bookings');
  const today = localToday(props.timeZone);
  return (
    <div className={inputs.field}>
      <label className={inputs.label} htmlFor={props.id}>
        {t('book.date')}
      </label>
      <input
        id={props.id}
        type="date"
        className={inputs.input}
        value={props.date}
        min={today}
        max={addDays(today, props.aheadDays ?? 60)}
        onChange={(event) => event.target.value && props.onChange(event.target.value)}
      />
    </div>
  );
}
