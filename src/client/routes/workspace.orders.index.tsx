import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../features/workspace/orders/orders-page';
import { firmOrdersQuery } from '../features/workspace/api/orders';
import { prefetchWorkspace } from '../features/workspace/shell/prefetch-workspace';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/orders/')({
  loader: ({ context: { queryClient } }) => {
    // the list as the page opens: every status, no search, the first page (no cursor)
    prefetchWorkspace(queryClient, (firmId) => queryClient.prefetchQuery(firmOrdersQuery(firmId, { q: '' })));
    return preloadNamespaces(['workspace-orders']);
  },
  component: OrdersPage,
});
