import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Invoice, PlanChangeInput, PlanChangeResult, PlanOrder } from '../../../../shared/workspace';

/** `POST /api/dashboard/subscription/change?firmId=`: free at once, a paid plan through the payment step. */
export function useChangePlan(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanChangeInput) =>
      apiRequest<PlanChangeResult>('/api/dashboard/subscription/change', { method: 'POST', query: { firmId }, body }),
    meta: { suppressToast: true },
    onSuccess: (result) => {
      if (!result.redirectUrl) void queryClient.invalidateQueries({ queryKey: queryKeys.workspaceFirm(firmId) });
    },
  });
}

/** `GET /api/dashboard/subscription/orders/{orderId}`: asked again every 2 s while the payment is pending. */
export const planOrderQuery = (firmId: string, orderId: string) =>
  queryOptions({
    queryKey: queryKeys.planOrder(firmId, orderId),
    queryFn: () => apiRequest<PlanOrder>(`/api/dashboard/subscription/orders/${encodeURIComponent(orderId)}`),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
    meta: { suppressToast: true },
  });

/** `GET /api/dashboard/billing/invoices?firmId=`. */
export const invoicesQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.invoices(firmId),
    queryFn: () => apiRequest<Invoice[]>('/api/dashboard/billing/invoices', { query: { firmId } }),
  });
