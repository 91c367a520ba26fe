import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FeaturedItem } from '../../../../shared/featured';

const getFeatured = async (): Promise<FeaturedItem[]> => {
  try {
    return await apiRequest<FeaturedItem[]>('/api/user/explore/featured-showrooms');
  } catch (error) {
    console.error('Error fetching featured showrooms', error);
    throw error;
  }
};

/** spec: on failure the page keeps its loading indicator, the error is logged (no toast) */
export const featuredQuery = () =>
  queryOptions({ queryKey: queryKeys.featured(), queryFn: getFeatured, staleTime: 5 * 60_000, meta: { suppressToast: true } });
