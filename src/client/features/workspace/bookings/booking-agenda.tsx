import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BookingAction, FirmBooking } from '../../../../shared/bookings';
import { Button } from '../../../components/ui/button';
import { useLivePollInterval } from '../../../lib/live-events';
import { useFormatters } from '../../../lib/use-dates';
import { firmBookingsQuery, useBookingWrites } from '../api/bookings';
import { toastBookingProblem } from './booking-problem';
import ui from '../ui/workspace-ui.module.css';
import { addDays, localDay, rangeOf } from './booking-days';
import styles from './bookings.module.css';
import { heldBy } from './held-by';

/** While the live stream is down the list asks this often. */
const POLL_MS = 30_000;

const ACTIONS_OF: Record<FirmBooking['status'], BookingAction[]> = {
  pending: ['confirm', 'cancel'],
  confirmed: ['seat', 'no-show', 'cancel'],
  seated: [],
  cancelled: [],
  no_show: [],
};

/**
 * The firm's bookings of `days` local days from `first`, day by day, each with the actions its
 * status allows and, given `onOpen`, a way to its guest card.
 */
export function BookingAgenda({
  firmId,
  first,
  days,
  onOpen,
}: {
  firmId: string;
  first: string;
  days: number;
  onOpen?: (booking: FirmBooking) => void;
}) {
  const { t } = useTranslation('workspace-bookings');
  const format = useFormatters();
  const { from, to } = rangeOf(first, days);
  const list = useQuery({ ...firmBookingsQuery(firmId, from, to), refetchInterval: useLivePollInterval(POLL_MS) });
  const { act } = useBookingWrites(firmId);
  if (list.isPending) return <p className={ui.muted}>{t('loading')}</p>;
  if (list.isError) return <p role="alert">{t('loadFailed')}</p>;
  const { timeZone, bookings } = list.data;
  const wanted = Array.from({ length: days }, (_, i) => addDays(first, i));
  const byDay = wanted.map((day) => ({ day, bookings: bookings.filter((booking) => localDay(booking.startsAt, timeZone) === day) }));
  if (byDay.every((entry) => entry.bookings.length === 0)) return <p className={ui.panel}>{t('agenda.empty')}</p>;
  return (
    <div className={styles.agenda} data-testid="booking-agenda">
      {byDay
        .filter((entry) => entry.bookings.length > 0)
        .map((entry) => (
          <section key={entry.day} aria-labelledby={`day-${entry.day}`} className={ui.panel}>
            <h3 id={`day-${entry.day}`} className={ui.panelTitle}>
              {format.date(`${entry.day}T12:00:00Z`, 'UTC', 'long')}
            </h3>
            <ul className={styles.bookings}>
              {entry.bookings.map((booking) => (
                <li key={booking.id} className={styles.booking} data-testid="firm-booking">
                  <span className={styles.time}>{format.time(booking.startsAt, timeZone)}</span>
                  <span>
                    <bdi className={styles.guest}>{booking.guestName}</bdi> · {t('party', { count: booking.party })} ·{' '}
                    <bdi>{heldBy(booking)}</bdi>
                    <br />
                    <span className={ui.muted}>
                      <span dir="ltr">{booking.reference}</span> · {t(`status.${booking.status}`)}
                    </span>
                  </span>
                  <span className={styles.actions}>
                    {ACTIONS_OF[booking.status].map((action) => (
                      <Button
                        key={action}
                        size="small"
                        variant={action === 'confirm' ? 'primary' : 'secondary'}
                        disabled={act.isPending}
                        onClick={() => act.mutate({ id: booking.id, action }, { onError: toastBookingProblem(t) })}
                        aria-label={t(`actions.${action}Label`, { name: booking.guestName })}
                      >
                        {t(`actions.${action}`)}
                      </Button>
                    ))}
                    {onOpen && (
                      <Button
                        size="small"
                        variant="ghost"
                        onClick={() => onOpen(booking)}
                        aria-label={t('desk.openLabel', { name: booking.guestName })}
                      >
                        {t('desk.open')}
                      </Button>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
