import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Paged } from '../../../../shared/paging';
import type { OrderSummary } from '../../../../shared/orders';

export const ORDERS_PAGE_SIZE = 20;

/** The user's orders, newest first. */
export const ordersQuery = (userId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.orders(userId, page),
    queryFn: () => apiRequest<Paged<OrderSummary>>('/api/user/orders', { query: { page, size: ORDERS_PAGE_SIZE } }),
    meta: { suppressToast: true },
  });
