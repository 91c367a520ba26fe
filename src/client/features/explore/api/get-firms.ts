import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { firmPageSchema } from '../../../../shared/firms';
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

export function firmListParams(input: { industryKey?: string; categoryKey?: string; name?: string; openNow?: boolean; age?: number; page?: number }): FirmListParams {
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

export const firmsQuery = (params: FirmListParams) =>
  queryOptions({
    queryKey: queryKeys.firms({ ...params }),
    queryFn: () =>
      apiRequest<z.output<typeof firmPageSchema>>('/api/public/firms', { query: { ...params, openNow: params.openNow || undefined } }),
    placeholderData: keepPreviousData,
  });
