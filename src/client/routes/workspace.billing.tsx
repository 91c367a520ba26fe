import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { BillingPage } from '../features/workspace/plans/billing-page';

export const Route = createFileRoute('/workspace/billing')({
  validateSearch: z.object({ order: z.catch(z.optional(z.string().check(z.maxLength(64))), undefined) }),
  component: function BillingRoute() {
    const { order } = Route.useSearch();
    return <BillingPage orderId={order} />;
  },
});
