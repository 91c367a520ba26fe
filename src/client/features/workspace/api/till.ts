import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { PromoTerms } from '../../../../shared/promotions';
import type { TillCatalogue, TillSale, TillSaleInput } from '../../../../shared/till';
import { keepCatalogue, readCatalogue } from '../../../../shared/till-store';

/**
 * `GET /api/dashboard/till?firmId=`: what the till sells and its rules. Each answer is kept on the
 * device, and stands in while the connection is down (a till reopened offline still sells).
 */
export const tillCatalogueQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.tillCatalogue(firmId),
    queryFn: async () => {
      try {
        const catalogue = await apiRequest<TillCatalogue>('/api/dashboard/till', { query: { firmId } });
        await keepCatalogue(firmId, catalogue);
        return catalogue;
      } catch (error) {
        const kept = unreached(error) ? await readCatalogue(firmId) : undefined;
        if (kept) return kept;
        throw error;
      }
    },
  });

/** The request did not reach the server, or its answer did not come back: the same sale may be sent again. */
export const unreached = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/** `POST /api/dashboard/till/sales`: the same sale key again answers the sale as it was taken. */
export const postTillSale = (firmId: string, input: TillSaleInput) =>
  apiRequest<TillSale>('/api/dashboard/till/sales', { method: 'POST', query: { firmId }, body: input });

/** `POST /api/dashboard/till/promo`: the customer's code, checked for the till before the sale is charged. */
export const checkTillPromo = ({ firmId, code }: { firmId: string; code: string }) =>
  apiRequest<PromoTerms>('/api/dashboard/till/promo', { method: 'POST', query: { firmId }, body: { code } });

/**
 * `POST /api/dashboard/till/sales/{reference}/card`: back from the card step, the server asks the
 * provider; asked again every 2 s while the card is not confirmed (the webhook may come later).
 */
export const tillCardQuery = (firmId: string, reference: string) =>
  queryOptions({
    queryKey: queryKeys.tillCard(firmId, reference),
    queryFn: () =>
      apiRequest<TillSale>(`/api/dashboard/till/sales/${encodeURIComponent(reference)}/card`, { method: 'POST', query: { firmId } }),
    refetchInterval: (query) => (query.state.data?.status === 'awaiting_card' ? 2000 : false),
    meta: { suppressToast: true },
  });

/** `PUT /api/dashboard/till/settings`: owners and managers let the till sell for cash offline. */
export function useTillSettings(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offlineAllowed: boolean) =>
      apiRequest<TillCatalogue>('/api/dashboard/till/settings', { method: 'PUT', query: { firmId }, body: { offlineAllowed } }),
    onSuccess: async (catalogue) => {
      queryClient.setQueryData(queryKeys.tillCatalogue(firmId), catalogue);
      await keepCatalogue(firmId, catalogue);
    },
  });
}

/** `POST /api/dashboard/till/sales/{reference}/receipt`: the receipt mailed to the customer at the counter. */
export function useMailTillReceipt(firmId: string, reference: string) {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<void>(`/api/dashboard/till/sales/${encodeURIComponent(reference)}/receipt`, {
        method: 'POST',
        query: { firmId },
        body: { email },
      }),
    meta: { suppressToast: true },
  });
}
