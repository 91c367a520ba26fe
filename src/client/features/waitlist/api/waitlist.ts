import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FirmWaitlist, MyWaitlist, MyWaitlistEntry } from '../../../../shared/waitlist';

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

/** The event's waitlists for its team: per tier how many wait, and the offer time. */
export const firmWaitlistQuery = (firmId: string, eventId: string) =>
  queryOptions({
    queryKey: queryKeys.firmWaitlist(firmId, eventId),
    queryFn: () => apiRequest<FirmWaitlist>(`/api/dashboard/waitlists/${encodeURIComponent(eventId)}`),
  });

export function useSetOfferMinutes(firmId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerMinutes: number) =>
      apiRequest<FirmWaitlist>(`/api/dashboard/waitlists/${encodeURIComponent(eventId)}`, { method: 'PUT', body: { offerMinutes } }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.firmWaitlist(firmId, eventId), answer),
  });
}
