import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type {
  BookingInput,
  FreeSlots,
  GuestBookingInput,
  ManagedBooking,
  MyBooking,
  PublicServices,
  SlotChoice,
} from '../../../../shared/bookings';

/** The free starts of a firm's local day for a party, or for a service (with a staff member or anyone). */
export const freeSlotsQuery = (firmId: string, date: string, choice: SlotChoice) =>
  queryOptions({
    queryKey: queryKeys.freeSlots(firmId, date, choice),
    queryFn: () => apiRequest<FreeSlots>('/api/public/bookings/slots', { query: { firmId, date, ...choice } }),
    staleTime: 15_000,
  });

/** The services a firm's page offers, with their staff, and whether it has tables too. */
export const publicServicesQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.bookingServices(firmId),
    queryFn: () => apiRequest<PublicServices>('/api/public/bookings/services', { query: { firmId } }),
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

/**
 * Where one of the member's paid bookings' payment stands (the server asks the provider): called on
 * the way back from the payment step, and to open a step afresh.
 */
export function useSettleMyPayment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<MyBooking>(`/api/user/bookings/${encodeURIComponent(id)}/payment`, { method: 'POST' }),
    meta: { suppressToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myBookings(userId) }),
  });
}

/** The same for a booking opened by its link. */
export function useSettleLinkPayment(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ManagedBooking>('/api/public/bookings/manage/payment', { method: 'POST', body: { token } }),
    meta: { suppressToast: true },
    onSuccess: (booking) => queryClient.setQueryData(queryKeys.managedBooking(token), booking),
  });
}

/** A booking as its signed link shows it. */
export const managedBookingQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.managedBooking(token),
    queryFn: () => apiRequest<ManagedBooking>('/api/public/bookings/manage', { query: { token } }),
  });

/** A visitor without an account books: the table is held until the mailed link confirms it. */
export function useGuestBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GuestBookingInput) => apiRequest<ManagedBooking>('/api/public/bookings', { method: 'POST', body: input }),
    meta: { suppressToast: true },
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: queryKeys.freeSlotsAll(input.firmId) }),
  });
}

/** Confirms or cancels a booking by its link; the page shows the booking it answers with. */
export function useBookingLinkAction(token: string, action: 'confirm' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ManagedBooking>(`/api/public/bookings/manage/${action}`, { method: 'POST', body: { token } }),
    meta: { suppressToast: true },
    onSuccess: (booking) => queryClient.setQueryData(queryKeys.managedBooking(token), booking),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.managedBooking(token) }),
  });
}

/** Moves a booking by its link to another free start; the page shows the booking it answers with. */
export function useMoveByLink(token: string, firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startsAt: string) =>
      apiRequest<ManagedBooking>('/api/public/bookings/manage/move', { method: 'POST', body: { token, startsAt } }),
    meta: { suppressToast: true },
    onSuccess: (booking) => queryClient.setQueryData(queryKeys.managedBooking(token), booking),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.freeSlotsAll(firmId) }),
  });
}

/** Moves one of the member's bookings to another free start. */
export function useMoveMyBooking(userId: string, booking: Pick<MyBooking, 'id' | 'firm'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startsAt: string) =>
      apiRequest<MyBooking>(`/api/user/bookings/${encodeURIComponent(booking.id)}/move`, { method: 'POST', body: { startsAt } }),
    meta: { suppressToast: true },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.freeSlotsAll(booking.firm.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myBookings(userId) });
    },
  });
}
