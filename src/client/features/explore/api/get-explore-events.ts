import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { exploreEventsSchema } from '../../../../shared/explore';

export const exploreEventsQuery = () =>
  queryOptions({
    queryKey: queryKeys.exploreEvents(),
    queryFn: () => apiRequest<z.output<typeof exploreEventsSchema>>('/api/user/explore/events'),
    staleTime: 5 * 60_000,
  });
