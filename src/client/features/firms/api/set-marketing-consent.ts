import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FollowState } from '../../../../shared/firms';

/** `PUT /api/user/follows/{firmId}/marketing`: a follower gives or takes back their consent to the firm's marketing mail. */
export function useMarketingConsent(firmId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optIn: boolean) =>
      apiRequest<FollowState>(`/api/user/follows/${encodeURIComponent(firmId)}/marketing`, { method: 'PUT', body: { optIn } }),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.follow(firmId, userId), state),
  });
}
