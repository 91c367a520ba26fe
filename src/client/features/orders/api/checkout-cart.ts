import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { CheckoutAnswer } from '../../../../shared/orders';
import type { CartCheckout } from '../../../../shared/cart';

/** Orders a firm's cart: an order holding the stock, and where to pay it. */
export const useCheckoutCart = () =>
  useMutation({
    mutationFn: ({
      firmId,
      expectedTotal,
      currency,
      idempotencyKey,
      ...rest
    }: {
      firmId: string;
      expectedTotal: number;
      currency: string;
      idempotencyKey: string;
    } & Pick<CartCheckout, 'handover' | 'deliveryAddress' | 'promoCode' | 'note' | 'tableToken' | 'payAtCounter'>) =>
      apiRequest<CheckoutAnswer>(`/api/user/orders/cart/${encodeURIComponent(firmId)}`, {
        method: 'POST',
        body: { expectedTotal, currency, ...rest },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    meta: { suppressToast: true },
  });
