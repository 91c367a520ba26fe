import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../features/workspace/orders/order-page';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/orders/$reference')({
  loader: () => preloadNamespaces(['workspace-orders']),
  component: function OrderRoute() {
    const { reference } = Route.useParams();
    return <OrderPage reference={reference} />;
  },
});
