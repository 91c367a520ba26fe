import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Employment } from '../../../../shared/workspace';

/** `GET /api/business/employments/with-firms`, sorted by firm name and cached until reset. */
const getEmployments = async () => {
  const list = await apiRequest<Employment[]>('/api/business/employments/with-firms');
  return [...list].sort((a, b) => a.firmName.localeCompare(b.firmName, undefined, { sensitivity: 'base' }));
};

export const employmentsQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.employments(userId), queryFn: getEmployments, staleTime: Infinity, meta: { suppressToast: true } });
