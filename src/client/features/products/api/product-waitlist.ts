import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { MyProductWaitlist, MyProductWaitlistEntry } from '../../../../shared/waitlist';

const productPath = (productId: string) => `/api/user/waitlist/products/${encodeURIComponent(productId)}`;

/** The member's places on the product's waitlists (a standing offer included). */
export const myProductWaitlistQuery = (userId: string, productId: string) =>
  queryOptions({
    queryKey: queryKeys.myProductWaitlist(userId, productId),
    queryFn: () => apiRequest<MyProductWaitlist>(productPath(productId)),
  });

/** Join the waitlist of a sold-out product (or of its variant), or leave it; the member's places are read again after either. */
export function useProductWaitlistActions(userId: string, productId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.myProductWaitlist(userId, productId) });
  const join = useMutation({
    mutationFn: ({ variantId, quantity }: { variantId: string | null; quantity: number }) =>
      apiRequest<MyProductWaitlistEntry>(productPath(productId), { method: 'POST', body: { quantity, variantId } }),
    meta: { suppressToast: true },
    onSettled: refresh,
  });
  const leave = useMutation({
    mutationFn: (variantId: string | null) =>
      apiRequest<void>(variantId ? `${productPath(productId)}?variantId=${encodeURIComponent(variantId)}` : productPath(productId), {
        method: 'DELETE',
      }),
    onSettled: refresh,
  });
  return { join, leave };
}
