import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';

/**
 * An item page's loader read: the kept copy, except a kept "not found" (null), which is asked again.
 * A followers-only item is not found until its reader's follow is approved: a copy kept from before
 * (this tab, or the device's saved cache) would hide it afterwards.
 */
export function ensureFound<T, K extends readonly unknown[]>(
  queryClient: QueryClient,
  query: FetchQueryOptions<T | null, Error, T | null, K>,
): Promise<T | null> {
  if (queryClient.getQueryData(query.queryKey) === null) return queryClient.fetchQuery({ ...query, staleTime: 0 });
  return queryClient.ensureQueryData(query);
}
