import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { markSignedIn } from '../../../lib/session';
import type {
  AccountSettings,
  AccountSettingsAnswer,
  AccountSettingsUpdate,
  Address,
  AddressInput,
  PaymentRecords,
} from '../../../../shared/account';
import type { AuthResponse } from '../../../../shared/user';
import type { UpdateItem } from '../../../../shared/updates';

/** The account pages' API (`/api/iam/account`, src/server/modules/account). */
const BASE = '/api/iam/account';

export const accountSettingsQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.accountSettings(userId), queryFn: () => apiRequest<AccountSettings>(`${BASE}/settings`) });

export const addressesQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.addresses(userId), queryFn: () => apiRequest<Address[]>(`${BASE}/addresses`) });

export const paymentsQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.payments(userId), queryFn: () => apiRequest<PaymentRecords>(`${BASE}/payments`) });

/** Saves some settings; the signed-in user follows at once (dates, hour format everywhere). */
export function useUpdateSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountSettingsUpdate) => apiRequest<AccountSettingsAnswer>(`${BASE}/settings`, { method: 'PUT', body }),
    // the choice shows at once; a refusal puts the settings back as they were
    onMutate: (body) => {
      const key = queryKeys.accountSettings(userId);
      const before = queryClient.getQueryData<AccountSettings>(key);
      if (before) queryClient.setQueryData<AccountSettings>(key, { ...before, ...body });
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.accountSettings(userId), context.before);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.accountSettings(userId), answer.settings);
      markSignedIn(answer.user);
    },
  });
}

export function useSaveAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AddressInput }) =>
      apiRequest<Address[]>(id ? `${BASE}/addresses/${encodeURIComponent(id)}` : `${BASE}/addresses`, {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    meta: { suppressToast: true },
    onSuccess: (list) => queryClient.setQueryData(queryKeys.addresses(userId), list),
  });
}

export function useRemoveAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Address[]>(`${BASE}/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.addresses(userId), list),
  });
}

export const startEmailChange = (body: { newEmail: string; password?: string }) =>
  apiRequest<{ success: boolean }>(`${BASE}/email`, { method: 'POST', body });

export async function confirmEmailChange(body: { newEmail: string; code: string }) {
  const answer = await apiRequest<AuthResponse>(`${BASE}/email/confirm`, { method: 'POST', body });
  if (answer.user) markSignedIn(answer.user);
  return answer;
}

export const changePassword = (body: { currentPassword?: string; newPassword: string }) =>
  apiRequest<{ success: boolean }>(`${BASE}/password`, { method: 'PUT', body });

export const startDeletion = (body: { password?: string }) =>
  apiRequest<{ success: boolean }>(`${BASE}/deletion`, { method: 'POST', body });

export const confirmDeletion = (code: string) =>
  apiRequest<AccountSettings>(`${BASE}/deletion/confirm`, { method: 'POST', body: { code } });

export const cancelDeletion = () => apiRequest<AccountSettings>(`${BASE}/deletion`, { method: 'DELETE' });

/** The export as a file the browser saves. */
export const EXPORT_URL = `${BASE}/export`;

export const updatesQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.updates(userId),
    queryFn: () => apiRequest<UpdateItem[]>('/api/user/updates'),
    // a feed is read for what is new: the copy kept for offline shows at once, and is refreshed on every visit
    staleTime: 0,
  });
