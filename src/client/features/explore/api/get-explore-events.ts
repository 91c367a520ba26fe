import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { exploreEventsSchema } from '../../../../shared/explore';

export const exploreEventsQuery = () =>
  queryOptions({
    queryKey: queryKeys.exploreEvents(),
    queryFn: async () => exploreEventsSchema.parse(await apiRequest('/api/user/explore/events')),
    staleTime: 5 * 60_000,
  });
