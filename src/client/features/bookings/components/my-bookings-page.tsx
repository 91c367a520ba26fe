import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/page-head';
import { useCurrentUser } from '../../../lib/session';
import { myBookingsQuery } from '../api/bookings';
import { BookingSummary } from './booking-summary';
import styles from './bookings.module.css';

/** `/profile/bookings`: the member's bookings still to come, the soonest first. */
export function MyBookingsPage() {
  const { t } = useTranslation('bookings');
  const user = useCurrentUser();
  const bookings = useQuery({ ...myBookingsQuery(user?.id ?? ''), enabled: Boolean(user) });
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
            <li key={booking.id} className={styles.card}>
              <BookingSummary booking={booking} />
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
