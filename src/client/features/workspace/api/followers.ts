import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FirmFollower } from '../../../../shared/firm-followers';
import type { Paged } from '../../../../shared/paging';

/** `GET /api/dashboard/followers?firmId=&q=&page=`: who follows the firm, the latest first. */
export const firmFollowersQuery = (firmId: string, page: number, q: string) =>
  queryOptions({
    queryKey: queryKeys.firmFollowers(firmId, { page, q }),
    queryFn: () => apiRequest<Paged<FirmFollower>>('/api/dashboard/followers', { query: { firmId, page, size: 20, q: q || undefined } }),
    staleTime: 0,
  });
