import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Industry } from '../../../../shared/explore';

/**
 * The server's industries and their categories, for the firm form's two lists: the explore page's
 * read (same key, same cache), declared here because features do not import each other.
 */
export const industryLookupsQuery = () =>
  queryOptions({
    queryKey: queryKeys.industries(),
    queryFn: () => apiRequest<Industry[]>('/api/user/explore/industries'),
    staleTime: 30 * 60_000,
  });
