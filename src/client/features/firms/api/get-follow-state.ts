import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { visitorQueryKeys } from '../../../lib/visitor-query-keys';
import type { FollowState } from '../../../../shared/firms';

const getFollowState = (firmId: string) => apiRequest<FollowState>(`/api/user/follows/${encodeURIComponent(firmId)}`);

/** Whether the signed-in user follows a firm, and its follower count. */
export const followStateQuery = (firmId: string, userId: string | undefined) =>
  queryOptions({
    queryKey: visitorQueryKeys.follow(firmId, userId),
    queryFn: () => getFollowState(firmId),
    staleTime: 30_000,
    meta: { suppressToast: true },
  });
