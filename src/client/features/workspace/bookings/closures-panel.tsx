import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLOSURE_REASON_MAX, type Closure, type ClosureInput } from '../../../../shared/bookings';
import { atLocalMidnight } from '../../../../shared/opening-hours';
import { Button } from '../../../components/ui/button';
import { SwitchRow } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast-store';
import { useFormatters } from '../../../lib/use-dates';
import { bookingClosuresQuery, useBookingWrites } from '../api/bookings';
import { addDays, localDay } from './booking-days';
import { toastBookingProblem } from './booking-problem';
import ui from '../ui/workspace-ui.module.css';
import styles from './bookings.module.css';

const EMPTY = { allDay: true, first: '', last: '', start: '18:00', end: '20:00', reason: '', reasonPublic: false };
type Draft = typeof EMPTY;

/** A closure as the team entered it: whole days as dates, a blocked time as its day and hours. */
function useWhen(timeZone: string) {
  const format = useFormatters();
  return ({ startsAt, endsAt }: Closure) => {
    const lastMoment = new Date(Date.parse(endsAt) - 1);
    if (atLocalMidnight(startsAt, timeZone) && atLocalMidnight(endsAt, timeZone)) {
      const [first, last] = [format.date(startsAt, timeZone), format.date(lastMoment, timeZone)];
      return first === last ? first : `${first} – ${last}`;
    }
    if (localDay(startsAt, timeZone) === localDay(lastMoment, timeZone))
      return `${format.date(startsAt, timeZone)} · ${format.timeRange(startsAt, endsAt, timeZone)}`;
    return `${format.dateTime(startsAt, timeZone)} – ${format.dateTime(endsAt, timeZone)}`;
  };
}

/** The draft as the wall-clock bounds the server takes: whole days run from the first midnight to the one after the last day. */
function inputOf(draft: Draft): ClosureInput {
  const last = draft.last || draft.first;
  return {
    from: `${draft.first}T${draft.allDay ? '00:00' : draft.start}`,
    to: draft.allDay ? `${addDays(last, 1)}T00:00` : `${draft.first}T${draft.end}`,
    reason: draft.reason.trim() || null,
    reasonPublic: draft.reasonPublic,
  };
}

/**
 * Days off and blocked times on top of the opening hours ("closed 24–26 Dec", "Saturday 18:00–20:00
 * private event"): nothing can be booked in them, and the booking page says so, with the reason when
 * the team makes it public. Shown in the firm's time zone.
 */
export function ClosuresPanel({ firmId, timeZone, editable }: { firmId: string; timeZone: string; editable: boolean }) {
  const { t } = useTranslation('workspace-bookings');
  const when = useWhen(timeZone);
  const closures = useQuery(bookingClosuresQuery(firmId));
  const { addClosure, removeClosure } = useBookingWrites(firmId);
  const [draft, setDraft] = useState(EMPTY);
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const add = (event: React.FormEvent) => {
    event.preventDefault();
    addClosure.mutate(inputOf(draft), {
      onSuccess: () => {
        toast.success(t('closures.added'));
        setDraft(EMPTY);
      },
      onError: toastBookingProblem(t),
    });
  };
  const invalid = !draft.first || (draft.allDay ? Boolean(draft.last) && draft.last < draft.first : draft.end <= draft.start);
  return (
    <section className={ui.panel} aria-labelledby="closures-title">
      <h2 id="closures-title" className={ui.panelTitle}>
        {t('closures.title')}
      </h2>
      <p className={ui.muted}>{t('closures.lead', { zone: timeZone })}</p>
      {closures.isError && <p role="alert">{t('loadFailed')}</p>}
      {closures.data?.length === 0 && <p className={ui.muted}>{t('closures.none')}</p>}
      <ul className={styles.tables} data-testid="booking-closures">
        {closures.data?.map((closure) => (
          <li key={closure.id} className={styles.table}>
            <span>
              <bdi>{when(closure)}</bdi>
              {closure.reason && (
                <>
                  {' · '}
                  <bdi>{closure.reason}</bdi> · {t(closure.reasonPublic ? 'closures.shown' : 'closures.hidden')}
                </>
              )}
            </span>
            {editable && (
              <Button
                size="small"
                variant="danger"
                disabled={removeClosure.isPending}
                aria-label={t('closures.removeLabel', { when: when(closure) })}
                onClick={() => removeClosure.mutate(closure.id, { onError: toastBookingProblem(t) })}
              >
                {t('closures.remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <form className={styles.form} onSubmit={add} aria-label={t('closures.add')}>
          <SwitchRow id="closure-allDay" label={t('closures.allDay')} checked={draft.allDay} onChange={(allDay) => set({ allDay })} />
          <TextField
            id="closure-first"
            label={t(draft.allDay ? 'closures.first' : 'closures.day')}
            type="date"
            required
            value={draft.first}
            onChange={(e) => set({ first: e.target.value })}
          />
          {draft.allDay ? (
            <TextField
              id="closure-last"
              label={t('closures.last')}
              type="date"
              min={draft.first}
              value={draft.last}
              onChange={(e) => set({ last: e.target.value })}
            />
          ) : (
            <>
              <TextField
                id="closure-start"
                label={t('closures.start')}
                type="time"
                required
                value={draft.start}
                onChange={(e) => set({ start: e.target.value })}
              />
              <TextField
                id="closure-end"
                label={t('closures.end')}
                type="time"
                required
                value={draft.end}
                onChange={(e) => set({ end: e.target.value })}
              />
            </>
          )}
          <TextField
            id="closure-reason"
            label={t('closures.reason')}
            maxLength={CLOSURE_REASON_MAX}
            value={draft.reason}
            onChange={(e) => set({ reason: e.target.value })}
          />
          <SwitchRow
            id="closure-reasonPublic"
            label={t('closures.reasonPublic')}
            checked={draft.reasonPublic}
            disabled={!draft.reason.trim()}
            onChange={(reasonPublic) => set({ reasonPublic })}
          />
          <Button type="submit" variant="primary" disabled={addClosure.isPending || invalid}>
            {t('closures.add')}
          </Button>
        </form>
      )}
    </section>
  );
}
