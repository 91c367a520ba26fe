import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { productPageSchema } from '../../../../shared/products';

export const PRODUCTS_PAGE_SIZE = 12;

export const productsQuery = (params: { firmId?: string; page: number; size?: number }) => {
  const full = { firmId: params.firmId, page: params.page, size: params.size ?? PRODUCTS_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.products(full),
    queryFn: async () => productPageSchema.parse(await apiRequest('/api/public/products', { query: full })),
    placeholderData: keepPreviousData,
  });
};
