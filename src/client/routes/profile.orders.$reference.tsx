import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { OrderDetailPage } from '../features/orders/components/order-detail-page';
import { preloadNamespaces } from '../lib/i18n';

/** The payment step returns here with `?from=payment` (and `&cancelled=1` when the payer gave up). */
const searchSchema = z.object({
  from: z.catch(z.optional(z.enum(['payment'])), undefined),
  cancelled: z.catch(z.optional(z.coerce.number()), undefined),
});

/** `/profile/orders/{reference}`: one order with its tickets' QR codes (kept on the device once opened). */
export const Route = createFileRoute('/profile/orders/$reference')({
  validateSearch: (search) => searchSchema.parse(search),
  loader: () => preloadNamespaces(['tickets']),
  component: OrderRoute,
});

function OrderRoute() {
  const { reference } = Route.useParams();
  const { from, cancelled } = Route.useSearch();
  return <OrderDetailPage key={reference} reference={reference} fromPayment={from === 'payment'} cancelled={cancelled === 1} />;
}
