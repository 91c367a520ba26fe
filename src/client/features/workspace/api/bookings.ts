import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type {
  BookingAction,
  BookingRules,
  BookingService,
  BookingServiceInput,
  BookingSetup,
  BookingTable,
  BookingTableInput,
  Closure,
  ClosureInput,
  FirmBookings,
} from '../../../../shared/bookings';

export const bookingSetupQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.bookingSetup(firmId),
    queryFn: () => apiRequest<BookingSetup>('/api/dashboard/bookings/setup', { query: { firmId } }),
  });

/** The firm's closures that have not ended yet. */
export const bookingClosuresQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.bookingClosures(firmId),
    queryFn: () => apiRequest<Closure[]>('/api/dashboard/bookings/closures', { query: { firmId } }),
  });

/** The firm's bookings starting in [from, to). */
export const firmBookingsQuery = (firmId: string, from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.firmBookings(firmId, from, to),
    queryFn: () => apiRequest<FirmBookings>('/api/dashboard/bookings', { query: { firmId, from, to } }),
  });

/** The setup's and the list's writes: each refreshes everything the workspace read of the firm's bookings. */
export function useBookingWrites(firmId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.firmBookingsAll(firmId) });
  const options = { meta: { suppressToast: true }, onSuccess: refresh };
  return {
    addTable: useMutation({
      mutationFn: (input: BookingTableInput) =>
        apiRequest<BookingTable>('/api/dashboard/bookings/tables', { method: 'POST', query: { firmId }, body: input }),
      ...options,
    }),
    removeTable: useMutation({
      mutationFn: (id: string) => apiRequest<void>(`/api/dashboard/bookings/tables/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      ...options,
    }),
    addService: useMutation({
      mutationFn: (input: BookingServiceInput) =>
        apiRequest<BookingService>('/api/dashboard/bookings/services', { method: 'POST', query: { firmId }, body: input }),
      ...options,
    }),
    updateService: useMutation({
      mutationFn: ({ id, input }: { id: string; input: BookingServiceInput }) =>
        apiRequest<BookingService>(`/api/dashboard/bookings/services/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
      ...options,
    }),
    removeService: useMutation({
      mutationFn: (id: string) => apiRequest<void>(`/api/dashboard/bookings/services/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      ...options,
    }),
    saveRules: useMutation({
      mutationFn: (rules: BookingRules) =>
        apiRequest<BookingRules>('/api/dashboard/bookings/rules', { method: 'PUT', query: { firmId }, body: rules }),
      ...options,
    }),
    addClosure: useMutation({
      mutationFn: (input: ClosureInput) =>
        apiRequest<Closure>('/api/dashboard/bookings/closures', { method: 'POST', query: { firmId }, body: input }),
      ...options,
    }),
    removeClosure: useMutation({
      mutationFn: (id: string) => apiRequest<void>(`/api/dashboard/bookings/closures/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      ...options,
    }),
    act: useMutation({
      mutationFn: ({ id, action }: { id: string; action: BookingAction }) =>
        apiRequest<unknown>(`/api/dashboard/bookings/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
      ...options,
    }),
  };
}
