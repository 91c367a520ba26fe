import { createFileRoute } from '@tanstack/react-router';
import { ManageBookingPage } from '../features/bookings/components/manage-booking-page';
import { preloadNamespaces } from '../lib/i18n';
import { bookingLinkSearch } from '../lib/search-params';

/** `/bookings/manage?token=…`: a booking opened by the signed link of its mails, with or without an account. */
export const Route = createFileRoute('/bookings/manage')({
  validateSearch: bookingLinkSearch,
  loader: () => preloadNamespaces(['bookings']),
  component: ManageRoute,
});

function ManageRoute() {
  const { token } = Route.useSearch();
  return <ManageBookingPage token={token ?? ''} />;
}
