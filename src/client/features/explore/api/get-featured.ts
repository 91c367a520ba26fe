import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { featuredItemsSchema } from '../../../../shared/featured';

export const featuredQuery = () =>
  queryOptions({
    queryKey: queryKeys.featured(),
    queryFn: async () => {
      try {
        return await apiRequest<z.output<typeof featuredItemsSchema>>('/api/user/explore/featured-showrooms', { suppressToast: true });
      } catch (error) {
        console.error('Error fetching featured showrooms', error);
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
