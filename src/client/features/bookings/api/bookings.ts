import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { BookingInput, FreeSlots, MyBooking } from '../../../../shared/bookings';

/** The free starts of a firm's local day for a party. */
export const freeSlotsQuery = (firmId: string, date: string, party: number) =>
  queryOptions({
    queryKey: queryKeys.freeSlots(firmId, date, party),
    queryFn: () => apiRequest<FreeSlots>('/api/public/bookings/slots', { query: { firmId, date, party } }),
    staleTime: 15_000,
  });

/** The member's bookings still to come. */
export const myBookingsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.myBookings(userId),
    queryFn: () => apiRequest<MyBooking[]>('/api/user/bookings'),
  });

/** Books a slot; a refusal (409) carries its `code` and the next free starts (`nextSlots`). */
export function useBook(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingInput) => apiRequest<MyBooking>('/api/user/bookings', { method: 'POST', body: input }),
    meta: { suppressToast: true },
    onSettled: (_data, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.freeSlotsAll(input.firmId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myBookings(userId) });
    },
  });
}

/** Cancels one of the member's bookings before it starts. */
export function useCancelMyBooking(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<MyBooking>(`/api/user/bookings/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    meta: { suppressToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myBookings(userId) }),
  });
}
