import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { MyBooking } from '../../../../shared/bookings';
import { usePageTitle } from '../../../lib/page-head';
import { toast } from '../../../lib/toast-store';
import { useCurrentUser } from '../../../lib/session';
import { Button } from '../../../components/ui/button';
import { myBookingsQuery, useCancelMyBooking, useMoveMyBooking, useSettleMyPayment } from '../api/bookings';
import { MovePicker } from './move-picker';
import { PayBooking } from './booking-payment';
import { BookingSummary } from './booking-summary';
import styles from './bookings.module.css';

const LIVE: MyBooking['status'][] = ['pending', 'confirmed'];

/**
 * `/profile/bookings`: the member's bookings still to come, the soonest first. `paid` names the
 * booking whose payment step sent the member back here: where its payment stands is asked once.
 */
export function MyBookingsPage({ paid }: { paid?: string }) {
  const { t } = useTranslation('bookings');
  const user = useCurrentUser();
  const bookings = useQuery({ ...myBookingsQuery(user?.id ?? ''), enabled: Boolean(user) });
  const cancel = useCancelMyBooking(user?.id ?? '');
  const settle = useSettleMyPayment(user?.id ?? '');
  const asked = useRef(false);
  useEffect(() => {
    if (!paid || !user || asked.current) return;
    asked.current = true;
    settle.mutate(paid);
  }, [paid, user, settle]);
  // the page's opening is "now" enough: the server refuses a booking that has started meanwhile
  const [openedAt] = useState(() => Date.now());
  const cancellable = (booking: MyBooking) => LIVE.includes(booking.status) && Date.parse(booking.startsAt) > openedAt;
  usePageTitle(t('mine.title'));
  return (
    <section className={styles.page} aria-labelledby="my-bookings-title">
      <h1 id="my-bookings-title" className={styles.title}>
        {t('mine.title')}
      </h1>
      {bookings.isError && <p role="alert">{t('book.loadFailed')}</p>}
      {bookings.data?.length === 0 && <p className={styles.muted}>{t('mine.empty')}</p>}
      {bookings.data && bookings.data.length > 0 && (
        <ul className={styles.list} data-testid="my-bookings">
          {bookings.data.map((booking) => (
            <li key={booking.id} className={`${styles.card} ${styles.mine}`}>
              <BookingSummary booking={booking} />
              <PayBooking payment={booking.payment} pending={settle.isPending} reopen={() => settle.mutateAsync(booking.id)} />
              {cancellable(booking) && (
                <Button
                  size="small"
                  variant="danger"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate(booking.id, { onError: () => toast.error(t('mine.cancelFailed')) })}
                  aria-label={t('mine.cancelLabel', { name: booking.firm.name })}
                >
                  {t('mine.cancel')}
                </Button>
              )}
              {LIVE.includes(booking.status) && Date.parse(booking.changeUntil) > openedAt && (
                <MoveMine userId={user?.id ?? ''} booking={booking} />
              )}
              <Link to="/$username" params={{ username: booking.firm.username }}>
                {t('mine.openFirm', { name: booking.firm.name })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The member moves a booking until the firm's deadline. */
function MoveMine({ userId, booking }: { userId: string; booking: MyBooking }) {
  const { t } = useTranslation('bookings');
  const [open, setOpen] = useState(false);
  const move = useMoveMyBooking(userId, booking);
  if (open) return <MovePicker booking={booking} move={move} onDone={() => setOpen(false)} />;
  return (
    <Button size="small" onClick={() => setOpen(true)} aria-label={t('move.openLabel', { name: booking.firm.name })}>
      {t('move.open')}
    </Button>
  );
}
