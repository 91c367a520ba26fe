import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { publicQueryKeys } from '../../../lib/public-query-keys';
import type { Product } from '../../../../shared/products';
import type { Paged } from '../../../../shared/paging';

export const PRODUCTS_PAGE_SIZE = 12;

const getProducts = (params: { firmId?: string; page: number; size: number }) =>
  apiRequest<Paged<Product>>('/api/public/products', { query: params });

export const productsQuery = (params: { firmId?: string; page: number; size?: number }) => {
  const full = { firmId: params.firmId, page: params.page, size: params.size ?? PRODUCTS_PAGE_SIZE };
  return queryOptions({
    queryKey: publicQueryKeys.products(full),
    queryFn: () => getProducts(full),
    placeholderData: keepPreviousData,
  });
};
