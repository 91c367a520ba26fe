import { hashKey, type DehydratedState, type QueryKey, type QueryMeta } from '@tanstack/react-query';

/**
 * A server-rendered page's queries as they travel to the browser (issue 15 item 2). React Query's
 * dehydrated form gives every query a dozen bookkeeping fields (the update counters, no error, idle,
 * the time of dehydration, its hash beside its key) that are the same for each query a loader
 * fetched successfully: such a query is sent as `[key, data, dataUpdatedAt, meta?]` and rebuilt in
 * the browser as React Query would have written it. Any other query (pending, failed, invalidated,
 * refetched) is sent as it is.
 */
type SentQuery = [queryKey: QueryKey, data: unknown, dataUpdatedAt: number, meta?: QueryMeta];
type DehydratedQuery = DehydratedState['queries'][number];

export interface SentQueries {
  /** successful queries, compacted */
  q: SentQuery[];
  /** the other queries, as dehydrated */
  o?: DehydratedQuery[];
  m?: DehydratedState['mutations'];
}

const isPlainSuccess = ({ state, queryHash, queryKey, promise, queryType }: DehydratedQuery) =>
  state.status === 'success' &&
  state.fetchStatus === 'idle' &&
  !state.isInvalidated &&
  state.dataUpdateCount === 1 &&
  state.error === null &&
  state.errorUpdateCount === 0 &&
  state.fetchFailureCount === 0 &&
  promise === undefined &&
  queryType === undefined &&
  queryHash === hashKey(queryKey);

export function compactQueries(state: DehydratedState): SentQueries {
  const sent: SentQueries = { q: [] };
  for (const query of state.queries) {
    if (isPlainSuccess(query)) {
      const entry: SentQuery = [query.queryKey, query.state.data, query.state.dataUpdatedAt];
      if (query.meta) entry.push(query.meta);
      sent.q.push(entry);
    } else (sent.o ??= []).push(query);
  }
  if (state.mutations.length > 0) sent.m = state.mutations;
  return sent;
}

export function expandQueries(sent: SentQueries): DehydratedState {
  const queries = sent.q.map(([queryKey, data, dataUpdatedAt, meta]): DehydratedQuery => ({
    queryKey,
    queryHash: hashKey(queryKey),
    ...(meta ? { meta } : {}),
    dehydratedAt: dataUpdatedAt,
    state: {
      data,
      dataUpdateCount: 1,
      dataUpdatedAt,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle',
    },
  }));
  return { queries: [...queries, ...(sent.o ?? [])], mutations: sent.m ?? [] };
}
