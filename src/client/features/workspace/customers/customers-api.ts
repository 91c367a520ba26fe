import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerDetail, CustomerNotesInput, CustomerPage } from '../../../../shared/customers';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The list's narrowing: the words searched, one of what people did, a tag. */
export interface CustomerListFilter {
  q: string;
  did: '' | 'bought' | 'booked' | 'follower' | 'consents';
  tag: string;
}

/** The filter as the API's query (`bought=true`, …), without what is unset. */
function filterQuery(firmId: string, filter: CustomerListFilter): Record<string, string> {
  const query: Record<string, string> = { firmId };
  if (filter.q) query.q = filter.q;
  if (filter.did) query[filter.did] = 'true';
  if (filter.tag) query.tag = filter.tag;
  return query;
}

/**
 * `GET /api/dashboard/customers`: a keyset page of the firm's customers, the latest visit first; `cursor` is the
 * previous page's `nextCursor`, none for the first.
 */
export const customersQuery = (firmId: string, filter: CustomerListFilter, cursor: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.workspaceCustomers(firmId, { cursor, filter }),
    queryFn: () => apiRequest<CustomerPage>('/api/dashboard/customers', { query: { ...filterQuery(firmId, filter), cursor } }),
    staleTime: 0,
  });

/** `GET /api/dashboard/customers/{key}`: one customer with their orders and bookings. */
export const customerQuery = (firmId: string, key: string) =>
  queryOptions({
    queryKey: queryKeys.workspaceCustomer(firmId, key),
    queryFn: () => apiRequest<CustomerDetail>(`/api/dashboard/customers/${encodeURIComponent(key)}`, { query: { firmId } }),
    staleTime: 0,
  });

/** `GET /api/dashboard/customers/tags`: the tags the team uses, for the filter. */
export const customerTagsQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaceCustomerTags(firmId),
    queryFn: () => apiRequest<{ tags: string[] }>('/api/dashboard/customers/tags', { query: { firmId } }),
  });

/** `GET /api/dashboard/customers/csv`: the filtered list as a download. */
export const customersCsvHref = (firmId: string, filter: CustomerListFilter) =>
  `/api/dashboard/customers/csv?${new URLSearchParams(filterQuery(firmId, filter))}`;

/** `PUT /api/dashboard/customers/{key}/notes`: the team's notes and tags; every list and tag refreshes. */
export function useSaveCustomerNotes(firmId: string, key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerNotesInput) =>
      apiRequest<Customer>(`/api/dashboard/customers/${encodeURIComponent(key)}/notes`, { method: 'PUT', query: { firmId }, body: input }),
    meta: { suppressToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaceCustomersAll(firmId) }),
  });
}
