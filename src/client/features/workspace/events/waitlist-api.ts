import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FirmWaitlist } from '../../../../shared/waitlist';

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
