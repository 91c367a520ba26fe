import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../features/orders/components/orders-page';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/orders`: the ticket wallet and the orders (kept on the device for offline use). */
export const Route = createFileRoute('/profile/orders/')({
  // shown at a door with no signal: the offline banner, never the blocking overlay
  staticData: { worksOffline: true },
  loader: () => preloadNamespaces(['tickets']),
  component: OrdersPage,
});
