import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FirmTable, FirmTablesPage } from '../../../../shared/firm-tables';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/dashboard/tables?firmId=`: the tables with their codes' tokens, and whether guests may pay at the counter. */
export const firmTablesQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.firmTables(firmId),
    queryFn: () => apiRequest<FirmTablesPage>('/api/dashboard/tables', { query: { firmId } }),
    staleTime: 0,
  });

function useTablesMutation<T, R>(firmId: string, mutationFn: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { suppressToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.firmTables(firmId) }),
  });
}

/** `POST /api/dashboard/tables?firmId=`: a table with a new code. */
export const useAddTable = (firmId: string) =>
  useTablesMutation(firmId, (label: string) =>
    apiRequest<FirmTable>('/api/dashboard/tables', { method: 'POST', query: { firmId }, body: { label } }),
  );

/** `DELETE /api/dashboard/tables/{id}`: its printed code stops working. */
export const useRemoveTable = (firmId: string) =>
  useTablesMutation(firmId, (id: string) => apiRequest<void>(`/api/dashboard/tables/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** `PUT /api/dashboard/tables/counter-payment?firmId=`. */
export const useSetCounterPayment = (firmId: string) =>
  useTablesMutation(firmId, (allowed: boolean) =>
    apiRequest<FirmTablesPage>('/api/dashboard/tables/counter-payment', { method: 'PUT', query: { firmId }, body: { allowed } }),
  );
