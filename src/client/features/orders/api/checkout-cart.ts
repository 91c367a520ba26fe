import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { CheckoutAnswer } from '../../../../shared/orders';

/** Orders a firm's cart: an order holding the stock, and where to pay it. */
export const useCheckoutCart = () =>
  useMutation({
    mutationFn: ({
      firmId,
      expectedTotal,
      currency,
      idempotencyKey,
    }: {
      firmId: string;
      expectedTotal: number;
      currency: string;
      idempotencyKey: string;
    }) =>
      apiRequest<CheckoutAnswer>(`/api/user/orders/cart/${encodeURIComponent(firmId)}`, {
        method: 'POST',
        body: { expectedTotal, currency },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    meta: { suppressToast: true },
  });
