import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Performance } from '../../../../shared/performance';

/** `GET /api/dashboard/performance?firmId=`: the firm's last weeks, each against the one before. */
export const performanceQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.performance(firmId),
    queryFn: () => apiRequest<Performance>('/api/dashboard/performance', { query: { firmId } }),
  });
