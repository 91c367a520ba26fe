import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FirmFollowerPage, FollowApproval, FollowDecisionAnswer } from '../../../../shared/firm-followers';

/** The firm's three lists of people: who follows it, who asks to, who it restricted. */
export type AudienceList = 'followers' | 'requests' | 'restricted';

const PATHS: Record<AudienceList, string> = {
  followers: '/api/dashboard/followers',
  requests: '/api/dashboard/followers/requests',
  restricted: '/api/dashboard/followers/restricted',
};

/**
 * `GET /api/dashboard/followers[/requests|/restricted]?firmId=&q=&cursor=`: a keyset page of one list, the latest
 * first; `cursor` is the previous page's `nextCursor`, none for the first.
 */
export const firmAudienceQuery = (firmId: string, list: AudienceList, cursor: string | undefined, q: string) =>
  queryOptions({
    queryKey: queryKeys.firmFollowers(firmId, { list, cursor, q }),
    queryFn: () => apiRequest<FirmFollowerPage>(PATHS[list], { query: { firmId, cursor, size: 20, q: q || undefined } }),
    staleTime: 0,
  });

/** After any change: every list (a person moves from one to another) and the home's follower count. */
function useAudienceChanged(firmId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.firmAudience(firmId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.firmHome(firmId) });
  };
}

/** `POST /api/dashboard/followers/requests/{approve|decline}?firmId=`: answers one request or several. */
export function useAnswerRequests(firmId: string) {
  const changed = useAudienceChanged(firmId);
  return useMutation({
    mutationFn: ({ answer, userIds }: { answer: 'approve' | 'decline'; userIds: string[] }) =>
      apiRequest<FollowDecisionAnswer>(`/api/dashboard/followers/requests/${answer}`, {
        method: 'POST',
        query: { firmId },
        body: { userIds },
      }),
    onSuccess: changed,
  });
}

/** `PUT|DELETE /api/dashboard/followers/restricted/{userId}?firmId=`: restricts someone, or lifts it. */
export function useRestriction(firmId: string) {
  const changed = useAudienceChanged(firmId);
  return useMutation({
    mutationFn: ({ userId, restricted }: { userId: string; restricted: boolean }) =>
      apiRequest<void>(`/api/dashboard/followers/restricted/${encodeURIComponent(userId)}`, {
        method: restricted ? 'PUT' : 'DELETE',
        query: { firmId },
      }),
    onSuccess: changed,
  });
}

/** `PUT /api/dashboard/followers/approval?firmId=`: whether following is a request; the firm's reads follow. */
export function useFollowApproval(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FollowApproval) =>
      apiRequest<FollowApproval>('/api/dashboard/followers/approval', { method: 'PUT', query: { firmId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.workspaceFirm(firmId) }),
  });
}
