import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { visitorQueryKeys } from '../../../lib/visitor-query-keys';
import type { CartItemInput, Carts } from '../../../../shared/cart';

/** The user's carts, one per firm, at today's prices. */
export const cartsQuery = (userId: string) =>
  queryOptions({
    queryKey: visitorQueryKeys.carts(userId),
    queryFn: () => apiRequest<Carts>('/api/user/cart'),
  });

/** Sets a line's quantity (0 removes it); the answer is every cart. The caller shows the problems. */
export function useSetCartItem(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CartItemInput) => apiRequest<Carts>('/api/user/cart/items', { method: 'PUT', body: input }),
    meta: { suppressToast: true },
    onSuccess: (carts) => queryClient.setQueryData(visitorQueryKeys.carts(userId), carts),
  });
}
