import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { ON_EACH_VISIT } from './on-each-visit';
import type { KeyFigures } from '../../../../shared/workspace';

/** `GET /api/dashboard/firms/home?firmId=`: the home page's key figures and latest activity. */
export const firmHomeQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.firmHome(firmId),
    queryFn: () => apiRequest<KeyFigures>('/api/dashboard/firms/home', { query: { firmId } }),
    // the team's figures move with every sale and follower: read them afresh on each visit
    staleTime: ON_EACH_VISIT,
  });
