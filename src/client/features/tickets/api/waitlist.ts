import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { MyWaitlist, MyWaitlistEntry } from '../../../../shared/waitlist';

const tierPath = (categoryId: string) => `/api/user/waitlist/tiers/${encodeURIComponent(categoryId)}`;

/** The member's places on the event's waitlists (a standing offer included). */
export const myWaitlistQuery = (userId: string, eventId: string) =>
  queryOptions({
    queryKey: queryKeys.myWaitlist(userId, eventId),
    queryFn: () => apiRequest<MyWaitlist>(`/api/user/waitlist/events/${encodeURIComponent(eventId)}`),
  });

/** Join a sold-out tier's waitlist, or leave it; the member's places are read again after either. */
export function useWaitlistActions(userId: string, eventId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.myWaitlist(userId, eventId) });
  const join = useMutation({
    mutationFn: ({ categoryId, quantity }: { categoryId: string; quantity: number }) =>
      apiRequest<MyWaitlistEntry>(tierPath(categoryId), { method: 'POST', body: { quantity } }),
    meta: { suppressToast: true },
    onSettled: refresh,
  });
  const leave = useMutation({
    mutationFn: (categoryId: string) => apiRequest<void>(tierPath(categoryId), { method: 'DELETE' }),
    onSettled: refresh,
  });
  return { join, leave };
}
