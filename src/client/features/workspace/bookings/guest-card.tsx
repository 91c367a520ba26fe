import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FirmBooking } from '../../../../shared/bookings';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/fields';
import { useFormatters } from '../../../lib/use-dates';
import { bookingGuestQuery, useDeskWrites } from '../api/booking-desk';
import ui from '../ui/workspace-ui.module.css';
import { toastBookingProblem } from './booking-problem';
import { DeskMove } from './desk-move';
import styles from './bookings.module.css';
import { heldBy } from './held-by';

/** One booking at the desk: who is coming, what the firm knows of them, and the team's notes. */
export function GuestCard({
  firmId,
  booking,
  timeZone,
  onClose,
}: {
  firmId: string;
  booking: FirmBooking;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('workspace-bookings');
  const format = useFormatters();
  const guest = useQuery(bookingGuestQuery(firmId, booking.id));
  const { note } = useDeskWrites(firmId);
  const [body, setBody] = useState('');
  const add = (event: React.FormEvent) => {
    event.preventDefault();
    note.mutate({ bookingId: booking.id, body: body.trim() }, { onSuccess: () => setBody(''), onError: toastBookingProblem(t) });
  };
  return (
    <section className={ui.panel} aria-labelledby="guest-title" data-testid="guest-card">
      <div className={styles.cardHead}>
        <h2 id="guest-title" className={ui.panelTitle}>
          <bdi>{booking.guestName}</bdi>
        </h2>
        <Button size="small" onClick={onClose}>
          {t('desk.close')}
        </Button>
      </div>
      <p>
        {format.timeRange(booking.startsAt, booking.endsAt, timeZone)} · {t('party', { count: booking.party })} ·{' '}
        <bdi>{heldBy(booking)}</bdi> · {t(`status.${booking.status}`)}
      </p>
      {(booking.status === 'pending' || booking.status === 'confirmed') && (
        <DeskMove key={booking.startsAt} firmId={firmId} booking={booking} timeZone={timeZone} />
      )}
      <p className={ui.muted}>
        <span dir="ltr">{booking.reference}</span>
        {booking.guestPhone && (
          <>
            {' · '}
            <a href={`tel:${booking.guestPhone}`} dir="ltr">
              {booking.guestPhone}
            </a>
          </>
        )}
        {booking.guestEmail && (
          <>
            {' · '}
            <bdi>{booking.guestEmail}</bdi>
          </>
        )}
      </p>
      {guest.isError && <p role="alert">{t('loadFailed')}</p>}
      {guest.isSuccess && (
        <>
          <h3 className={ui.panelTitle}>{t('desk.history')}</h3>
          <p data-testid="guest-history">
            {t('desk.visits', { count: guest.data.visits })} · {t('desk.noShows', { count: guest.data.noShows })} ·{' '}
            {t('desk.cancelled', { count: guest.data.cancelled })}
          </p>
          {guest.data.recent.length > 0 && (
            <ul className={styles.bookings}>
              {guest.data.recent.map((earlier) => (
                <li key={earlier.id}>
                  {format.date(earlier.startsAt, timeZone, 'medium')} · {t('party', { count: earlier.party })} ·{' '}
                  {t(`status.${earlier.status}`)}
                </li>
              ))}
            </ul>
          )}
          <h3 className={ui.panelTitle}>{t('desk.notes')}</h3>
          {guest.data.notes.length === 0 && <p className={ui.muted}>{t('desk.noNotes')}</p>}
          <ul className={styles.bookings} data-testid="booking-notes">
            {guest.data.notes.map((entry) => (
              <li key={entry.id}>
                <bdi>{entry.body}</bdi>
                <br />
                <span className={ui.muted}>
                  <bdi>{entry.authorName}</bdi> · {format.dateTime(entry.createdAt, timeZone, 'short')}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <form onSubmit={add}>
        <TextAreaField
          id="booking-note"
          label={t('desk.note')}
          value={body}
          maxLength={1000}
          rows={2}
          onChange={(e) => setBody(e.target.value)}
        />
        <Button type="submit" disabled={note.isPending || !body.trim()}>
          {t('desk.addNote')}
        </Button>
      </form>
    </section>
  );
}
