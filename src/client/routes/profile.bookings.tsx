import { createFileRoute } from '@tanstack/react-router';
import { MyBookingsPage } from '../features/bookings/components/my-bookings-page';
import { preloadNamespaces } from '../lib/i18n';
import { myBookingsSearch } from '../lib/signed-in-search-params';

/** `/profile/bookings`: the tables and services the member has booked (`?paid=`: back from a booking's payment step). */
export const Route = createFileRoute('/profile/bookings')({
  validateSearch: myBookingsSearch,
  loader: () => preloadNamespaces(['bookings']),
  component: MyBookingsRoute,
});

function MyBookingsRoute() {
  const { paid } = Route.useSearch();
  return <MyBookingsPage paid={paid} />;
}
