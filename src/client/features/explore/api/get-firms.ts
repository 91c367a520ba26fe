import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { firmPageSchema } from '../../../../shared/firms';

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
    queryFn: () =>
      apiRequest<z.output<typeof firmPageSchema>>('/api/public/firms', { query: { ...params, openNow: params.openNow || undefined } }),
    placeholderData: keepPreviousData,
  });
