import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { ON_EACH_VISIT } from './on-each-visit';
import type { FirmOrderDetail, FirmOrderSummary, FulfilmentStep } from '../../../../shared/firm-orders';
import type { OrderStatus } from '../../../../shared/orders';
import type { CursorPaged } from '../../../../shared/paging';

export interface FirmOrderFilter {
  /** the page after this cursor (the previous page's `nextCursor`); none for the first */
  cursor?: string;
  status?: OrderStatus;
  q?: string;
}

/** `GET /api/dashboard/orders?firmId=&cursor=&status=&q=`: the firm's orders, newest first, a keyset page. */
export const firmOrdersQuery = (firmId: string, filter: FirmOrderFilter) =>
  queryOptions({
    queryKey: queryKeys.firmOrders(firmId, filter),
    queryFn: () =>
      apiRequest<CursorPaged<FirmOrderSummary>>('/api/dashboard/orders', {
        query: { firmId, cursor: filter.cursor, size: 20, status: filter.status, q: filter.q || undefined },
      }),
    staleTime: ON_EACH_VISIT,
  });

/** `GET /api/dashboard/orders/{reference}`. */
export const firmOrderQuery = (firmId: string, reference: string) =>
  queryOptions({
    queryKey: queryKeys.firmOrder(firmId, reference),
    queryFn: () => apiRequest<FirmOrderDetail>(`/api/dashboard/orders/${encodeURIComponent(reference)}`),
    meta: { suppressToast: true },
    staleTime: 0,
  });

/** `POST /api/dashboard/orders/{reference}/fulfilment`: ready, then collected. */
export function useFulfilOrder(firmId: string, reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: FulfilmentStep) =>
      apiRequest<FirmOrderDetail>(`/api/dashboard/orders/${encodeURIComponent(reference)}/fulfilment`, { method: 'POST', body: { step } }),
    meta: { suppressToast: true },
    onSuccess: (order) => queryClient.setQueryData(queryKeys.firmOrder(firmId, reference), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.firmOrdersAll(firmId) }),
  });
}
