import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { MemberModeration } from '../../../../shared/moderation';

const path = (actionId: string) => `/api/user/moderation/${encodeURIComponent(actionId)}`;

export const moderationNoticeQuery = (actionId: string) =>
  queryOptions({
    queryKey: queryKeys.moderationNotice(actionId),
    queryFn: () => apiRequest<MemberModeration>(path(actionId)),
    retry: false,
  });

/** The member's one appeal; the notice is replaced by the server's answer. */
export function useAppeal(actionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiRequest<MemberModeration>(`${path(actionId)}/appeal`, { method: 'POST', body: { text } }),
    onSuccess: (notice) => queryClient.setQueryData(queryKeys.moderationNotice(actionId), notice),
  });
}
