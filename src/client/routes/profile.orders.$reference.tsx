import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailPage } from '../features/orders/components/order-detail-page';
import { preloadNamespaces } from '../lib/i18n';
import { orderSearch } from '../lib/signed-in-search-params';

/** `/profile/orders/{reference}`: one order with its tickets' QR codes (kept on the device once opened). */
export const Route = createFileRoute('/profile/orders/$reference')({
  // the payment step returns here with `?from=payment` (and `&cancelled=1` when the payer gave up)
  validateSearch: orderSearch,
  // shown at a door with no signal: the offline banner, never the blocking overlay
  staticData: { worksOffline: true },
  loader: () => preloadNamespaces(['tickets']),
  component: OrderRoute,
});

function OrderRoute() {
  const { reference } = Route.useParams();
  const { from, cancelled } = Route.useSearch();
  return <OrderDetailPage key={reference} reference={reference} fromPayment={from === 'payment'} cancelled={cancelled === 1} />;
}
