import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Wallet } from '../../../../shared/orders';

/** The tickets the user holds, with their QR codes: kept on the device for the door (offline). */
export const walletQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.wallet(userId),
    queryFn: () => apiRequest<Wallet>('/api/user/tickets'),
    // offline, the kept wallet is shown without a toast
    meta: { suppressToast: true },
  });
