import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Industry, industriesSchema } from '../../../../shared/explore';

export const getIndustries = async (): Promise<Industry[]> =>
  await apiRequest<z.output<typeof industriesSchema>>('/api/user/explore/industries');

/** Industries and their categories: loaded once, kept a long time (they change with deploys). */
export const industriesQuery = () =>
  queryOptions({ queryKey: queryKeys.industries(), queryFn: getIndustries, staleTime: 30 * 60_000 });
