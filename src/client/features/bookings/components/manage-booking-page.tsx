import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ManagedBooking } from '../../../../shared/bookings';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { managedBookingQuery, useBookingLinkAction, useMoveByLink, useSettleLinkPayment } from '../api/bookings';
import { PayBooking } from './booking-payment';
import { MovePicker } from './move-picker';
import { BookingSummary } from './booking-summary';
import styles from './bookings.module.css';

const LIVE: ManagedBooking['status'][] = ['pending', 'confirmed'];

/** What the page's heading says of the booking. */
function stateOf(booking: ManagedBooking, now: number) {
  // a paid booking is confirmed by its payment, not by opening its link
  if (booking.payment?.state === 'due') return 'paying';
  if (booking.confirmBy) {
    if (booking.status === 'cancelled') return 'lapsed';
    return Date.parse(booking.confirmBy) > now ? 'confirming' : 'lapsed';
  }
  return booking.status;
}

/**
 * `/bookings/manage?token=…`: the booking a mail's signed link names, in the firm's time zone.
 * Opening the link of a visitor's booking confirms it (a POST from the page, so a mail scanner
 * that only fetches the link confirms nothing), unless it is paid for: then its payment confirms it; the booking can be cancelled here until the firm's
 * deadline, and after it the page says so.
 */
export function ManageBookingPage({ token }: { token: string }) {
  const { t } = useTranslation('bookings');
  const booking = useQuery({ ...managedBookingQuery(token), enabled: token !== '' });
  const confirm = useBookingLinkAction(token, 'confirm');
  const cancel = useBookingLinkAction(token, 'cancel');
  const settle = useSettleLinkPayment(token);
  const [openedAt] = useState(() => Date.now());
  const tried = useRef(false);
  usePageTitle(t('manage.title'));

  const state = booking.data ? stateOf(booking.data, openedAt) : undefined;
  // opened from the mail, or back from the payment step: a paid booking's payment is asked where it stands
  useEffect(() => {
    if ((state !== 'confirming' && state !== 'paying') || tried.current) return;
    tried.current = true;
    if (state === 'paying') settle.mutate();
    else confirm.mutate();
  }, [state, confirm, settle]);

  const missing = token === '' || (booking.error instanceof ApiError && booking.error.status === 404);
  return (
    <section className={styles.page} aria-labelledby="manage-title">
      <h1 id="manage-title" className={styles.title}>
        {t('manage.title')}
      </h1>
      {missing && <p role="alert">{t('manage.notFound')}</p>}
      {booking.isError && !missing && <p role="alert">{t('book.loadFailed')}</p>}
      {booking.data && state && (
        <div className={`${styles.card} ${styles.manage}`} data-testid="managed-booking">
          <p role="status" className={styles.subtitle} data-testid="managed-state">
            {t(`manage.state.${state}`)}
          </p>
          <BookingSummary booking={booking.data} />
          <PayBooking payment={booking.data.payment} pending={settle.isPending} reopen={() => settle.mutateAsync()} />
          <MovePart token={token} booking={booking.data} now={openedAt} />
          <CancelPart
            booking={booking.data}
            now={openedAt}
            pending={cancel.isPending}
            failed={cancel.isError}
            onCancel={() => cancel.mutate()}
          />
          <Link to="/$username" params={{ username: booking.data.firm.username }}>
            {t('mine.openFirm', { name: booking.data.firm.name })}
          </Link>
        </div>
      )}
      {confirm.isError && <p role="alert">{t('manage.confirmFailed')}</p>}
    </section>
  );
}

/** Until the firm's deadline (the cancellation's), the booking can move to another free start. */
function MovePart({ token, booking, now }: { token: string; booking: ManagedBooking; now: number }) {
  const { t } = useTranslation('bookings');
  const [open, setOpen] = useState(false);
  const move = useMoveByLink(token, booking.firm.id);
  if (!LIVE.includes(booking.status) || Date.parse(booking.cancelUntil) <= now) return null;
  if (open) return <MovePicker booking={booking} move={move} onDone={() => setOpen(false)} />;
  return (
    <Button onClick={() => setOpen(true)} data-testid="move-by-link">
      {t('move.open')}
    </Button>
  );
}

function CancelPart(props: { booking: ManagedBooking; now: number; pending: boolean; failed: boolean; onCancel: () => void }) {
  const { t } = useTranslation('bookings');
  const format = useFormatters();
  const { booking } = props;
  if (!LIVE.includes(booking.status)) return null;
  const until = format.dateTime(booking.cancelUntil, booking.firm.timeZone, 'long');
  if (Date.parse(booking.cancelUntil) <= props.now) return <p data-testid="cancel-closed">{t('manage.cancelClosed', { until })}</p>;
  return (
    <>
      <p className={styles.muted}>{t('manage.cancelUntil', { until })}</p>
      <Button variant="danger" disabled={props.pending} onClick={props.onCancel} data-testid="cancel-by-link">
        {t('mine.cancel')}
      </Button>
      {props.failed && <p role="alert">{t('mine.cancelFailed')}</p>}
    </>
  );
}
