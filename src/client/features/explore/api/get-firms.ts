import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { publicQueryKeys } from '../../../lib/public-query-keys';
import type { FirmCard } from '../../../../shared/firms';
import type { Paged } from '../../../../shared/paging';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/limits';

export interface FirmListParams {
  page: number;
  size: number;
  categoryKey?: string;
  industryKey?: string;
  name?: string;
  openNow?: boolean;
  age?: number;
}

/** The list params of an explore page: its one-based `page` and filters. */
export const FIRMS_PAGE_SIZE = 24;

export function firmListParams(input: {
  industryKey?: string;
  categoryKey?: string;
  name?: string;
  openNow?: boolean;
  age?: number;
  page?: number;
}): FirmListParams {
  return {
    page: Math.max(0, (input.page ?? 1) - 1),
    size: Math.min(FIRMS_PAGE_SIZE, DEFAULT_PAGE_SIZE.firms),
    industryKey: input.categoryKey ? undefined : input.industryKey,
    categoryKey: input.categoryKey,
    name: input.name || undefined,
    openNow: input.openNow || undefined,
    age: input.age,
  };
}

const getFirms = (params: FirmListParams) =>
  apiRequest<Paged<FirmCard>>('/api/public/firms', { query: { ...params, openNow: params.openNow || undefined } });

export const firmsQuery = (params: FirmListParams) =>
  queryOptions({
    queryKey: publicQueryKeys.firms({ ...params }),
    queryFn: () => getFirms(params),
    placeholderData: keepPreviousData,
  });
