import { hashKey, type DehydratedState, type QueryKey, type QueryMeta } from '@tanstack/react-query';

/**
 * A server-rendered page's queries as they travel to the browser. React Query's
 * dehydrated form gives every query a dozen bookkeeping fields (the update counters, no error, idle,
 * the time of dehydration, its hash beside its key) that are the same for each query a loader
 * fetched successfully: such a query is sent as `[key, data, dataUpdatedAt, meta?]` and rebuilt in
 * the browser as React Query would have written it. Any other query (pending, failed, invalidated,
 * refetched) is sent as it is. The queries whose names the server cut to one language
 * (lib/one-language-names.ts) are listed by their place among the sent queries, not by their hash.
 */
type SentQuery = [queryKey: QueryKey, data: unknown, dataUpdatedAt: number, meta?: QueryMeta];
type DehydratedQuery = DehydratedState['queries'][number];

export interface SentQueries {
  /** successful queries, compacted */
  q: SentQuery[];
  /** the other queries, as dehydrated */
  o?: DehydratedQuery[];
  m?: DehydratedState['mutations'];
  /** the places, in `q` then `o`, of the queries whose names were cut to one language */
  t?: number[];
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

export function compactQueries(state: DehydratedState, trimmed: readonly string[] = []): SentQueries {
  const sent: SentQueries = { q: [] };
  const other: DehydratedQuery[] = [];
  for (const query of state.queries) {
    if (isPlainSuccess(query)) {
      const entry: SentQuery = [query.queryKey, query.state.data, query.state.dataUpdatedAt];
      if (query.meta) entry.push(query.meta);
      sent.q.push(entry);
    } else other.push(query);
  }
  if (other.length > 0) sent.o = other;
  if (state.mutations.length > 0) sent.m = state.mutations;
  const hashes = [...sent.q.map(([queryKey]) => hashKey(queryKey)), ...other.map((query) => query.queryHash)];
  const places = trimmed.map((hash) => hashes.indexOf(hash)).filter((place) => place >= 0);
  if (places.length > 0) sent.t = places;
  return sent;
}

export function expandQueries(sent: SentQueries): { state: DehydratedState; trimmed: string[] } {
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
  const all = [...queries, ...(sent.o ?? [])];
  return {
    state: { queries: all, mutations: sent.m ?? [] },
    trimmed: (sent.t ?? []).flatMap((place) => (all[place] ? [all[place].queryHash] : [])),
  };
}
