import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type {
  KitchenBoard,
  KitchenDish,
  KitchenDishes,
  KitchenSetup,
  KitchenStation,
  KitchenStatus,
  KitchenTicket,
  KitchenTimers,
} from '../../../../shared/kitchen';

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

type SetupChange = { sectionId: string; station: KitchenStation } | { takesOrders: boolean } | { timers: KitchenTimers };

function changeSetup(firmId: string, change: SetupChange): Promise<KitchenSetup> {
  if ('sectionId' in change) {
    return apiRequest<KitchenSetup>(`/api/dashboard/kitchen/sections/${encodeURIComponent(change.sectionId)}/station`, {
      method: 'PUT',
      body: { station: change.station },
    });
  }
  if ('timers' in change)
    return apiRequest<KitchenSetup>('/api/dashboard/kitchen/timers', { method: 'PUT', query: { firmId }, body: change.timers });
  return apiRequest<KitchenSetup>('/api/dashboard/kitchen/ordering', { method: 'PUT', query: { firmId }, body: change });
}

/** `PUT …/sections/{id}/station`, `PUT …/ordering` and `PUT …/timers`: each answers the whole setup. */
export function useChangeKitchenSetup(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SetupChange) => changeSetup(firmId, change),
    onSuccess: (setup) => {
      queryClient.setQueryData(queryKeys.kitchenSetup(firmId), setup);
      void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenAll(firmId) });
    },
  });
}

/** `GET /api/dashboard/kitchen/dishes`: the menus' dishes, each on or off (86ed). */
export const kitchenDishesQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.kitchenDishes(firmId),
    queryFn: () => apiRequest<KitchenDishes>('/api/dashboard/kitchen/dishes', { query: { firmId } }),
  });

/** Puts one dish's new state into the list (a switch's own move, or its answer). */
function patchKitchenDish(queryClient: QueryClient, firmId: string, change: Pick<KitchenDish, 'id' | 'available'>) {
  queryClient.setQueryData<KitchenDishes>(
    queryKeys.kitchenDishes(firmId),
    (list) => list && { dishes: list.dishes.map((dish) => (dish.id === change.id ? { ...dish, available: change.available } : dish)) },
  );
}

/**
 * `PUT /api/dashboard/kitchen/dishes/{id}/availability`: a dish off the menu (86) or back on. The switch moves under the
 * cook's finger and a refusal puts it back. A reading of the list started before the switch is cancelled, and the
 * list is read again once the answer is in, so neither a slow reading nor the live events of the cook's own earlier
 * switches (which may arrive after a later one) can move it back.
 */
export function useSetDishAvailable(firmId: string) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.kitchenDishes(firmId);
  return useMutation({
    mutationKey: queryKey,
    mutationFn: ({ id, available }: Pick<KitchenDish, 'id' | 'available'>) =>
      apiRequest<KitchenDish>(`/api/dashboard/kitchen/dishes/${encodeURIComponent(id)}/availability`, {
        method: 'PUT',
        body: { available },
      }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey });
      patchKitchenDish(queryClient, firmId, change);
    },
    onError: (_error, change) => patchKitchenDish(queryClient, firmId, { ...change, available: !change.available }),
    onSuccess: (dish) => patchKitchenDish(queryClient, firmId, dish),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/**
 * Another screen switched a dish (a live event): read the list again, unless a switch of this screen is on its way
 * (its answer reads the list again anyway, and an event may be the echo of an earlier switch of this screen).
 */
export function followOtherScreensDishes(queryClient: QueryClient, firmId: string) {
  const queryKey = queryKeys.kitchenDishes(firmId);
  if (queryClient.isMutating({ mutationKey: queryKey }) === 0) void queryClient.invalidateQueries({ queryKey });
}
