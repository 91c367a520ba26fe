import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { KitchenBoard, KitchenSetup, KitchenStation, KitchenStatus, KitchenTicket } from '../../../../shared/kitchen';

/** `GET /api/dashboard/kitchen?firmId=&station=`: the open tickets of one station (`all`: every station). */
export const kitchenBoardQuery = (firmId: string, station: KitchenStation | 'all') =>
  queryOptions({
    queryKey: queryKeys.kitchenBoard(firmId, station),
    queryFn: () =>
      apiRequest<KitchenBoard>('/api/dashboard/kitchen', { query: { firmId, station: station === 'all' ? undefined : station } }),
    staleTime: 0,
  });

/** `POST /api/dashboard/kitchen/tickets/{id}/advance|recall`: one step on or back, from the step the board showed. */
export function useMoveTicket(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticket, direction }: { ticket: Pick<KitchenTicket, 'id' | 'status'>; direction: 'advance' | 'recall' }) =>
      apiRequest<KitchenTicket>(`/api/dashboard/kitchen/tickets/${encodeURIComponent(ticket.id)}/${direction}`, {
        method: 'POST',
        body: { from: ticket.status satisfies KitchenStatus },
      }),
    // moved meanwhile on another screen (409): the refreshed board shows where it stands, no toast needed
    meta: { suppressToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.kitchenAll(firmId) }),
  });
}

/** `GET /api/dashboard/kitchen/setup`: whether guests may order dishes, and each menu section's station. */
export const kitchenSetupQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.kitchenSetup(firmId),
    queryFn: () => apiRequest<KitchenSetup>('/api/dashboard/kitchen/setup', { query: { firmId } }),
  });

/** `PUT …/sections/{id}/station` and `PUT …/ordering`: both answer the whole setup. */
export function useChangeKitchenSetup(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { sectionId: string; station: KitchenStation } | { takesOrders: boolean }) =>
      'sectionId' in change
        ? apiRequest<KitchenSetup>(`/api/dashboard/kitchen/sections/${encodeURIComponent(change.sectionId)}/station`, {
            method: 'PUT',
            body: { station: change.station },
          })
        : apiRequest<KitchenSetup>('/api/dashboard/kitchen/ordering', { method: 'PUT', query: { firmId }, body: change }),
    onSuccess: (setup) => {
      queryClient.setQueryData(queryKeys.kitchenSetup(firmId), setup);
      void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenAll(firmId) });
    },
  });
}
