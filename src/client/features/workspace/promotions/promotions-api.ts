import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromoCode, PromoCodeInput, PromoCodeList, PromoTargetOptions } from '../../../../shared/promotions';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/dashboard/promotions?firmId=`: the firm's codes with their uses so far. */
export const promotionsQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.workspacePromotions(firmId),
    queryFn: () => apiRequest<PromoCodeList>('/api/dashboard/promotions', { query: { firmId } }),
    staleTime: 0,
  });

/** `GET /api/dashboard/promotions/targets?firmId=`: the events (with their tiers) and products a code may apply to. */
export const promotionTargetsQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.workspacePromotionTargets(firmId),
    queryFn: () => apiRequest<PromoTargetOptions>('/api/dashboard/promotions/targets', { query: { firmId } }),
    staleTime: 0,
  });

function useRefreshingMutation<T>(firmId: string, mutationFn: (value: T) => Promise<PromoCode>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { suppressToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspacePromotions(firmId) }),
  });
}

/** `POST /api/dashboard/promotions?firmId=`: a new code. */
export const useCreatePromoCode = (firmId: string) =>
  useRefreshingMutation(firmId, (input: PromoCodeInput) =>
    apiRequest<PromoCode>('/api/dashboard/promotions', { method: 'POST', query: { firmId }, body: input }),
  );

/** `POST /api/dashboard/promotions/{codeId}/deactivate?firmId=`: no new order may use it. */
export const useDeactivatePromoCode = (firmId: string) =>
  useRefreshingMutation(firmId, (codeId: string) =>
    apiRequest<PromoCode>(`/api/dashboard/promotions/${encodeURIComponent(codeId)}/deactivate`, { method: 'POST', query: { firmId } }),
  );
