import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FirmCard } from '../../../../shared/firms';
import type { Paged } from '../../../../shared/paging';

const getFollowing = (page: number) => apiRequest<Paged<FirmCard>>('/api/user/profile/following', { query: { page, size: 50 } });

/** The firms the signed-in user follows. */
export const followingQuery = (userId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.following(userId, page),
    queryFn: () => getFollowing(page),
  });
