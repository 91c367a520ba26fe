import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { BookingGuest, BookingNote, ManualBookingInput } from '../../../../shared/booking-desk';
import type { FreeSlots, SlotChoice } from '../../../../shared/bookings';

/** The free starts of a local day for a party, as the firm's page offers them. */
export const deskSlotsQuery = (firmId: string, date: string, choice: SlotChoice) =>
  queryOptions({
    queryKey: queryKeys.deskSlots(firmId, date, choice),
    queryFn: () => apiRequest<FreeSlots>('/api/public/bookings/slots', { query: { firmId, date, ...choice } }),
  });

export const bookingGuestQuery = (firmId: string, bookingId: string) =>
  queryOptions({
    queryKey: queryKeys.bookingGuest(firmId, bookingId),
    queryFn: () => apiRequest<BookingGuest>(`/api/dashboard/booking-desk/bookings/${encodeURIComponent(bookingId)}/guest`),
  });

/** The desk's writes: each refreshes everything the workspace read of the firm's bookings (a refusal too: a slot went). */
export function useDeskWrites(firmId: string) {
  const queryClient = useQueryClient();
  const options = {
    meta: { suppressToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.firmBookingsAll(firmId) }),
  };
  return {
    book: useMutation({
      mutationFn: (input: ManualBookingInput) =>
        apiRequest<{ id: string }>('/api/dashboard/booking-desk/bookings', { method: 'POST', query: { firmId }, body: input }),
      ...options,
    }),
    move: useMutation({
      mutationFn: ({ bookingId, startsAt }: { bookingId: string; startsAt: string }) =>
        apiRequest<unknown>(`/api/dashboard/booking-desk/bookings/${encodeURIComponent(bookingId)}/move`, {
          method: 'POST',
          body: { startsAt },
        }),
      ...options,
    }),
    note: useMutation({
      mutationFn: ({ bookingId, body }: { bookingId: string; body: string }) =>
        apiRequest<BookingNote>(`/api/dashboard/booking-desk/bookings/${encodeURIComponent(bookingId)}/notes`, {
          method: 'POST',
          body: { body },
        }),
      ...options,
    }),
  };
}
