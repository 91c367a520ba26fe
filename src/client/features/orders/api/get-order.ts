import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { OrderDetail } from '../../../../shared/orders';

const path = (reference: string) => `/api/user/orders/${encodeURIComponent(reference)}`;

/** One order with its tickets (QR codes included): kept on the device once opened. */
export const orderQuery = (userId: string, reference: string) =>
  queryOptions({
    queryKey: queryKeys.order(userId, reference),
    queryFn: () => apiRequest<OrderDetail>(path(reference)),
    meta: { suppressToast: true },
  });

/** Back from the payment step: the server asks the provider, then answers the order. */
export const confirmOrder = (reference: string) => apiRequest<OrderDetail>(`${path(reference)}/confirm`, { method: 'POST' });
