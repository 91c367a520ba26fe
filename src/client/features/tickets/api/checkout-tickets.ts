import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { CheckoutAnswer } from '../../../../shared/orders';
import type { TicketCheckout } from '../../../../shared/purchase';

const checkoutTickets = ({ body, idempotencyKey }: { body: TicketCheckout; idempotencyKey: string }) =>
  apiRequest<CheckoutAnswer>('/api/user/orders/tickets', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

/** Proceed: an order holding the seats, and where to pay it. The form shows its own problems (no toast). */
export const useCheckoutTickets = () => useMutation({ mutationFn: checkoutTickets, meta: { suppressToast: true } });
