import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FirmOrderDetail } from '../../../../shared/firm-orders';

/** `POST /api/dashboard/orders/{reference}/counter-payment`: the guest paid at the counter, in cash or by card. */
export function useTakeCounterPayment(firmId: string, reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: 'cash' | 'card') =>
      apiRequest<FirmOrderDetail>(`/api/dashboard/orders/${encodeURIComponent(reference)}/counter-payment`, {
        method: 'POST',
        body: { method },
      }),
    meta: { suppressToast: true },
    onSuccess: (order) => queryClient.setQueryData(queryKeys.firmOrder(firmId, reference), order),
    // taken on another till meanwhile: the order as it is now
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.firmOrder(firmId, reference) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.firmOrdersAll(firmId) }),
  });
}
