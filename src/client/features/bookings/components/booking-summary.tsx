import { useTranslation } from 'react-i18next';
import type { ManagedBooking, MyBooking } from '../../../../shared/bookings';
import { useFormatters } from '../../../lib/use-dates';
import styles from './bookings.module.css';

/** One booking: where, when (in the firm's zone), for how many or which service with whom, what it takes, its reference and status. */
export function BookingSummary({ booking }: { booking: MyBooking | ManagedBooking }) {
  const { t } = useTranslation('bookings');
  const format = useFormatters();
  const zone = booking.firm.timeZone;
  return (
    <dl className={styles.summary} data-testid="booking-summary">
      <dt>{t('summary.firm')}</dt>
      <dd>
        <bdi>{booking.firm.name}</bdi>
      </dd>
      <dt>{t('summary.when')}</dt>
      <dd>
        {format.dateTime(booking.startsAt, zone, 'long')} <span className={styles.muted}>{format.zone(booking.startsAt, zone)}</span>
      </dd>
      {booking.service ? (
        <>
          <dt>{t('summary.service')}</dt>
          <dd>
            <bdi>{booking.service.name}</bdi>
          </dd>
          <dt>{t('summary.staff')}</dt>
          <dd>
            <bdi>{booking.service.staffName}</bdi>
          </dd>
        </>
      ) : (
        <>
          <dt>{t('summary.party')}</dt>
          <dd>{t('book.people', { count: booking.party })}</dd>
        </>
      )}
      {booking.payment && (
        <>
          <dt>{t('summary.payment')}</dt>
          <dd data-testid="booking-payment">
            {t(`pay.state.${booking.payment.state}`, { amount: format.money(booking.payment.amountMinor, booking.payment.currency) })}
          </dd>
        </>
      )}
      <dt>{t('summary.reference')}</dt>
      <dd dir="ltr" className={styles.reference}>
        {booking.reference}
      </dd>
      <dt>{t('summary.status')}</dt>
      <dd>{t(`status.${booking.status}`)}</dd>
    </dl>
  );
}
