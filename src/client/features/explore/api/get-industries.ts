import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Industry } from '../../../../shared/explore';

const getIndustries = () => apiRequest<Industry[]>('/api/user/explore/industries');

/** Industries and their categories: loaded once, kept a long time (they change with deploys). */
export const industriesQuery = () => queryOptions({ queryKey: queryKeys.industries(), queryFn: getIndustries, staleTime: 30 * 60_000 });
