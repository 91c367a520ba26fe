import { createFileRoute } from '@tanstack/react-router';
import { MyBookingsPage } from '../features/bookings/components/my-bookings-page';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/bookings`: the tables the member has booked. */
export const Route = createFileRoute('/profile/bookings')({
  loader: () => preloadNamespaces(['bookings']),
  component: MyBookingsPage,
});
