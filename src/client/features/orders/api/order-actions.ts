import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { CheckoutAnswer, OrderDetail, Ticket } from '../../../../shared/orders';

const path = (reference: string) => `/api/user/orders/${encodeURIComponent(reference)}`;

/** Pay a pending order: the payment step of its current attempt (or a new one). */
export const usePayOrder = () =>
  useMutation({
    mutationFn: (reference: string) => apiRequest<CheckoutAnswer>(`${path(reference)}/pay`, { method: 'POST' }),
    meta: { suppressToast: true },
  });

/** Cancel a pending order: its places go back on sale. */
export function useCancelOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) => apiRequest<OrderDetail>(`${path(reference)}/cancel`, { method: 'POST' }),
    meta: { suppressToast: true },
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.order(userId, order.reference), order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.walletAll(userId) });
    },
  });
}

/** Pass a ticket to a friend: their new code, the old one void. */
export function useTransferTicket(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, toUserId }: { ticketId: string; toUserId: string }) =>
      apiRequest<Ticket>(`/api/user/tickets/${encodeURIComponent(ticketId)}/transfer`, { method: 'POST', body: { toUserId } }),
    meta: { suppressToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.walletAll(userId) }),
  });
}
