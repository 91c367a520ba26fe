import { queryOptions } from '@tanstack/react-query';
import { apiRequest, nullIfNotFound } from '../../../lib/api-client';
import { publicQueryKeys } from '../../../lib/public-query-keys';
import type { ProductDetail } from '../../../../shared/products';

/** A product by short id; a missing one resolves to null (the 404 page). */
const getProduct = (shortId: string) =>
  nullIfNotFound(apiRequest<ProductDetail>(`/api/public/products/sid/${encodeURIComponent(shortId)}`));

export const productQuery = (shortId: string) =>
  queryOptions({ queryKey: publicQueryKeys.product(shortId), queryFn: () => getProduct(shortId) });
