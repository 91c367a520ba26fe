import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { featuredItemsSchema } from '../../../../shared/featured';

export const featuredQuery = () =>
  queryOptions({
    queryKey: queryKeys.featured(),
    queryFn: async () => {
      try {
        return featuredItemsSchema.parse(await apiRequest('/api/user/explore/featured-showrooms', { suppressToast: true }));
      } catch (error) {
        console.error('Error fetching featured showrooms', error);
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
