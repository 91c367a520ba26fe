import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FulfilmentSettings, FulfilmentSettingsAnswer } from '../../../../shared/fulfilment';

/** `GET /api/dashboard/fulfilment`: the shop's pickup and delivery. */
export const fulfilmentSettingsQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.fulfilmentSettings(firmId),
    queryFn: () => apiRequest<FulfilmentSettingsAnswer>('/api/dashboard/fulfilment', { query: { firmId } }),
  });

/** `PUT /api/dashboard/fulfilment`: answers the settings as saved. */
export function useSaveFulfilment(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: FulfilmentSettings) =>
      apiRequest<FulfilmentSettingsAnswer>('/api/dashboard/fulfilment', { method: 'PUT', query: { firmId }, body: settings }),
    meta: { suppressToast: true },
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.fulfilmentSettings(firmId), answer),
  });
}
