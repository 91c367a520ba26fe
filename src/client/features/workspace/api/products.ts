import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

import type { Paged } from '../../../../shared/paging';
import type { OwnerProduct, productInputSchema, stockAdjustmentSchema, StockMovement } from '../../../../shared/owner-catalogue';

type ProductInput = z.input<typeof productInputSchema>;
type StockAdjustment = z.input<typeof stockAdjustmentSchema>;

/** `GET /api/dashboard/products?firmId=&page=&low=`: the products with their stock, newest first. */
export const ownerProductsQuery = (firmId: string, page: number, low: boolean) =>
  queryOptions({
    queryKey: queryKeys.workspaceProducts(firmId, { page, low }),
    queryFn: () =>
      apiRequest<Paged<OwnerProduct>>('/api/dashboard/products', { query: { firmId, page, size: 50, low: low ? '1' : undefined } }),
    staleTime: 0,
  });

export const ownerProductQuery = (firmId: string, productId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaceProduct(firmId, productId),
    queryFn: () => apiRequest<OwnerProduct>(`/api/dashboard/products/${encodeURIComponent(productId)}`),
    meta: { suppressToast: true },
    staleTime: 0,
  });

/** `GET /api/dashboard/products/{id}/movements`: the append-only stock log, latest first. */
export const stockMovementsQuery = (firmId: string, productId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.stockMovements(firmId, productId, page),
    queryFn: () =>
      apiRequest<Paged<StockMovement>>(`/api/dashboard/products/${encodeURIComponent(productId)}/movements`, { query: { page, size: 10 } }),
    staleTime: 0,
  });

/** Every product change refreshes the firm's workspace reads and the public products this browser holds. */
function useProductMutation<I, O>(firmId: string, mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { suppressToast: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.workspaceFirm(firmId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.productsAll() }),
      ]),
  });
}

const productPath = (id: string) => `/api/dashboard/products/${encodeURIComponent(id)}`;

export const useSaveProduct = (firmId: string) =>
  useProductMutation(firmId, ({ id, body }: { id?: string; body: ProductInput }) =>
    id
      ? apiRequest<OwnerProduct>(productPath(id), { method: 'PUT', body })
      : apiRequest<OwnerProduct>('/api/dashboard/products', { method: 'POST', query: { firmId }, body }),
  );

export const useDeleteProduct = (firmId: string) =>
  useProductMutation(firmId, (id: string) => apiRequest<void>(productPath(id), { method: 'DELETE' }));

/** `POST /api/dashboard/products/{id}/stock`: a delta with a reason (and a note), logged. */
export const useAdjustStock = (firmId: string) =>
  useProductMutation(firmId, ({ id, body }: { id: string; body: StockAdjustment }) =>
    apiRequest<OwnerProduct>(`${productPath(id)}/stock`, { method: 'POST', body }),
  );

/** `PATCH /api/dashboard/products/{id}/published`: shown in the public shop, or hidden. */
export const usePublishProduct = (firmId: string) =>
  useProductMutation(firmId, ({ id, published }: { id: string; published: boolean }) =>
    apiRequest<OwnerProduct>(`${productPath(id)}/published`, { method: 'PATCH', body: { published } }),
  );
