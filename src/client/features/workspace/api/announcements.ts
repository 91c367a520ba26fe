import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Announcement } from '../../../../shared/announcements';
import type { Paged } from '../../../../shared/paging';

/** `GET /api/dashboard/announcements?firmId=`: the sent announcements, the latest first. */
export const announcementsQuery = (firmId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.announcements(firmId, page),
    queryFn: () => apiRequest<Paged<Announcement>>('/api/dashboard/announcements', { query: { firmId, page, size: 20 } }),
    staleTime: 0,
  });

/** `POST /api/dashboard/announcements?firmId=`: sends one to every follower. */
export function useSendAnnouncement(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<Announcement>('/api/dashboard/announcements', { method: 'POST', query: { firmId }, body: { text } }),
    meta: { suppressToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.announcementsAll(firmId) }),
  });
}
