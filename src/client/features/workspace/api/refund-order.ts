import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FirmOrderDetail } from '../../../../shared/firm-orders';
import type { RefundInput } from '../../../../shared/orders';
import { firmOrderQuery } from './orders';

/**
 * `POST /api/dashboard/orders/{reference}/refunds`: the whole order, or some of its tickets and
 * lines. The dialog keeps one Idempotency-Key while it is open, so a double click refunds once.
 */
export function useRefundOrder(firmId: string, reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: RefundInput; key: string }) =>
      apiRequest<FirmOrderDetail>(`/api/dashboard/orders/${encodeURIComponent(reference)}/refunds`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    meta: { suppressToast: true },
    onSuccess: (order) => queryClient.setQueryData(firmOrderQuery(firmId, reference).queryKey, order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.firmOrdersAll(firmId) }),
  });
}
