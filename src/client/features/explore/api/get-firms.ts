import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { firmPageSchema } from '../../../../shared/firms';

export interface FirmListParams {
  page: number;
  size: number;
  categoryKey?: string;
  industryKey?: string;
  name?: string;
  openNow?: boolean;
  age?: number;
}

export const firmsQuery = (params: FirmListParams) =>
  queryOptions({
    queryKey: queryKeys.firms({ ...params }),
    queryFn: async () =>
      firmPageSchema.parse(await apiRequest('/api/public/firms', { query: { ...params, openNow: params.openNow || undefined } })),
    placeholderData: keepPreviousData,
  });
