import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../features/workspace/orders/orders-page';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/orders/')({
  loader: () => preloadNamespaces(['workspace-orders']),
  component: OrdersPage,
});
