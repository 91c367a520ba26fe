import { createFileRoute } from '@tanstack/react-router';
import { billingSearch } from '../lib/signed-in-search-params';
import { BillingPage } from '../features/workspace/plans/billing-page';

export const Route = createFileRoute('/workspace/billing')({
  validateSearch: billingSearch,
  component: function BillingRoute() {
    const { order } = Route.useSearch();
    return <BillingPage orderId={order} />;
  },
});
