import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { CalendarFeed, FirmCalendar } from '../../../../shared/firm-calendar';

/** The firm's events and bookings in [from, to), with its hours and zone. */
export const firmCalendarQuery = (firmId: string, from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.firmCalendar(firmId, from, to),
    queryFn: () => apiRequest<FirmCalendar>('/api/dashboard/calendar', { query: { firmId, from, to } }),
  });

export const calendarFeedQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.calendarFeed(firmId),
    queryFn: () => apiRequest<CalendarFeed>('/api/dashboard/calendar/feed', { query: { firmId } }),
  });

/** A new feed URL: the old one stops working. */
export function useResetFeed(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeed>('/api/dashboard/calendar/feed/reset', { method: 'POST', query: { firmId } }),
    onSuccess: (feed) => queryClient.setQueryData(queryKeys.calendarFeed(firmId), feed),
  });
}
