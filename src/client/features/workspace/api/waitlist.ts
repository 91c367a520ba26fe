import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FirmWaitlist } from '../../../../shared/waitlist';

/** What has waitlists: an event (one line per tier) or a product (one per variant, or itself). */
export interface WaitlistSubject {
  kind: 'event' | 'product';
  id: string;
}

const pathOf = ({ kind, id }: WaitlistSubject) =>
  kind === 'event' ? `/api/dashboard/waitlists/${encodeURIComponent(id)}` : `/api/dashboard/waitlists/products/${encodeURIComponent(id)}`;

/** The subject's waitlists for its team: per line how many wait, and the offer time. */
export const firmWaitlistQuery = (firmId: string, subject: WaitlistSubject) =>
  queryOptions({
    queryKey: queryKeys.firmWaitlist(firmId, subject.id),
    queryFn: () => apiRequest<FirmWaitlist>(pathOf(subject)),
  });

export function useSetOfferMinutes(firmId: string, subject: WaitlistSubject) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerMinutes: number) => apiRequest<FirmWaitlist>(pathOf(subject), { method: 'PUT', body: { offerMinutes } }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.firmWaitlist(firmId, subject.id), answer),
  });
}
