import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { productPageSchema } from '../../../../shared/products';

export const PRODUCTS_PAGE_SIZE = 12;

export const productsQuery = (params: { firmId?: string; page: number; size?: number }) => {
  const full = { firmId: params.firmId, page: params.page, size: params.size ?? PRODUCTS_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.products(full),
    queryFn: () => apiRequest<z.output<typeof productPageSchema>>('/api/public/products', { query: full }),
    placeholderData: keepPreviousData,
  });
};
