import { dehydrate, hydrate, MutationCache, onlineManager, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { Persister, PersistedClient } from '@tanstack/react-query-persist-client';
import { ApiError } from './api-client';
import { getStored, STORAGE_KEYS } from './signed-storage';
import { toast } from './toast-store';
import { hasTrimmedNames } from './one-language-names';

declare const __APP_VERSION__: string;

const DAY = 24 * 60 * 60 * 1000;

/**
 * Roots of query keys kept on the device for offline reading: public data, and the signed-in
 * user's saved lists, ticket wallet and activity feed (keyed by user id, forgotten at sign-out: `forgetUserData`).
 */
export const PERSISTED_QUERY_ROOTS = new Set(['public', 'saved', 'wallet', 'feed']);

/** Roots of query keys that belong to the signed-in user. */
const USER_QUERY_ROOTS = new Set(['saved', 'wallet', 'feed', 'user']);

export const QUERY_CACHE_KEY = 'souk_query_cache';
export const QUERY_CACHE_MAX_AGE = 7 * DAY;
/**
 * What the device's copy may hold (every tab adds to it, see `deviceCopy`): the newest queries first, at
 * most this many and this many characters of JSON (localStorage holds about 5 million per site, shared
 * with the rest of the app; the copy is parsed synchronously at every start).
 */
export const QUERY_CACHE_MAX_QUERIES = 150;
export const QUERY_CACHE_MAX_CHARS = 1_000_000;
/** A new build drops what an older one persisted: shapes may have changed. */
export const QUERY_CACHE_BUSTER = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

/** What a query or mutation may say about its failures (`meta`). */
type RequestMeta = Record<string, unknown> & {
  /** the caller shows its own message: no toast (the spec's suppress header) */
  suppressToast?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/**
 * The one toast rule: every error of a query or mutation becomes an error toast
 * with the error catalogue's text, unless its `meta.suppressToast` is true or the status is 401
 * (the session is refreshed or the login popup asks). A query fails once its retries are spent.
 * Not while server rendering: nobody would see it.
 */
function toastRequestError(error: unknown, meta: RequestMeta | undefined): void {
  if (!(error instanceof ApiError) || meta?.suppressToast || error.status === 401) return;
  if (typeof window === 'undefined') return;
  error.toasted = true;
  toast.error(error.message);
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Network failures (status 0) are retried twice while online; offline, a failure is final at once. */
export function shouldRetry(failureCount: number, error: unknown, online = isOnline()): boolean {
  return online && failureCount < 2 && (error as { status?: number } | null)?.status === 0;
}

export interface CreateQueryClientOptions {
  /** restore the persisted public cache before anything reads it (default true in a browser) */
  restore?: boolean;
  storage?: Storage;
}

export function createQueryClient(options: CreateQueryClientOptions = {}) {
  // React Query assumes "online" until an event says otherwise; a page opened offline starts offline.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(isOnline());
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toastRequestError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => toastRequestError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: QUERY_CACHE_MAX_AGE,
        retry: (failureCount, error) => shouldRetry(failureCount, error),
        refetchOnWindowFocus: false,
        // Offline: run the request once (the service worker may answer it), serve what is cached,
        // and never leave a loader waiting for the network to come back.
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
  const storage = options.storage ?? browserStorage();
  if (options.restore !== false && storage) restorePersistedQueries(queryClient, persisterFor(storage));
  return queryClient;
}

export function shouldPersistQuery(query: Query): boolean {
  const root = query.queryKey[0];
  return (
    query.state.status === 'success' && typeof root === 'string' && PERSISTED_QUERY_ROOTS.has(root) && !hasTrimmedNames(query.queryHash)
  );
}

/**
 * Restores the persisted cache synchronously, before the router's first loader runs, so a cold
 * start offline renders what was read last time (React Query's PersistQueryClientProvider restores in an effect,
 * too late for loaders; `persistQueriesWhenChanged` only saves). Returns the number of restored queries.
 */
export function restorePersistedQueries(
  queryClient: QueryClient,
  persister: Persister,
  now = Date.now(),
  buster = QUERY_CACHE_BUSTER,
): number {
  let persisted: PersistedClient | undefined;
  try {
    persisted = persister.restoreClient() as PersistedClient | undefined;
  } catch {
    void persister.removeClient();
    return 0;
  }
  if (!persisted || typeof persisted !== 'object' || 'then' in persisted) return 0;
  if (!persisted.timestamp || now - persisted.timestamp > QUERY_CACHE_MAX_AGE || persisted.buster !== buster) {
    void persister.removeClient();
    return 0;
  }
  hydrate(queryClient, persisted.clientState);
  return persisted.clientState.queries.length;
}

const persisters = new WeakMap<Storage, Persister>();

/**
 * A write refused for room is tried again with the older half of the queries gone, then a quarter…: `shrunk` says
 * how many times. Past this many tries the write is given up (the copy stays as it was).
 */
const MAX_SHRINKS = 12;
type Attempt = PersistedClient & { shrunk?: number };

/**
 * The device's copy, through React Query's sync-storage persister: localStorage, written at most every 2 s (the
 * latest snapshot), serialized by `deviceCopy`; a write refused for room is retried smaller.
 */
function persisterFor(storage: Storage): Persister {
  let persister = persisters.get(storage);
  if (!persister) {
    persister = createSyncStoragePersister({
      storage,
      key: QUERY_CACHE_KEY,
      throttleTime: 2000,
      serialize: (client) => deviceCopy(storage, client),
      retry: ({ persistedClient, errorCount }): Attempt | undefined =>
        errorCount > MAX_SHRINKS ? undefined : { ...persistedClient, shrunk: errorCount },
    });
    persisters.set(storage, persister);
  }
  return persister;
}

/** The id of who is signed in on this device (session.ts keeps it, and removes it at sign-out in any tab). */
function signedInUserId(storage: Storage): string | undefined {
  return getStored<{ id: string }>(STORAGE_KEYS.lastUser, Date.now(), storage)?.id;
}

/**
 * The device's copy to write for a snapshot. Tabs share that copy and each holds only what it has read: a
 * plain write (the last writer wins) dropped an order opened in another tab, and it was not there offline.
 * So the copy's queries this tab lacks, or holds older (by `dataUpdatedAt`), are kept. Bounded: a query
 * older than the maximum age is dropped, then the oldest beyond `QUERY_CACHE_MAX_QUERIES` or
 * `QUERY_CACHE_MAX_CHARS`, and after a write refused for room the oldest half per refusal (`shrunk`). A signed-in
 * user's queries (the wallet, saved lists) are written only while that user is the one signed in on
 * the device: a tab that has not yet heard of a sign-out in another tab never writes them back.
 * Paused mutations stay this tab's own.
 */
function deviceCopy(storage: Storage, ours: Attempt): string {
  let stored: PersistedClient | undefined;
  try {
    stored = JSON.parse(storage.getItem(QUERY_CACHE_KEY) ?? 'null');
  } catch {
    // a corrupt copy is replaced
  }
  const user = signedInUserId(storage);
  const newest = new Map<string, PersistedClient['clientState']['queries'][number]>();
  for (const query of [...(stored?.buster === ours.buster ? (stored.clientState?.queries ?? []) : []), ...ours.clientState.queries]) {
    const root = query.queryKey[0];
    const held = newest.get(query.queryHash);
    if (
      ours.timestamp - query.state.dataUpdatedAt <= QUERY_CACHE_MAX_AGE &&
      (typeof root !== 'string' || !USER_QUERY_ROOTS.has(root) || query.queryKey[1] === user) &&
      !(held && held.state.dataUpdatedAt > query.state.dataUpdatedAt)
    )
      newest.set(query.queryHash, query);
  }
  let chars = 0;
  const kept = [...newest.values()]
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, QUERY_CACHE_MAX_QUERIES)
    .map((query) => JSON.stringify(query))
    .filter((json) => (chars += json.length) <= QUERY_CACHE_MAX_CHARS);
  const { timestamp, buster, clientState, shrunk = 0 } = ours;
  // `…"queries":[]}}` without its last four characters
  const head = JSON.stringify({ timestamp, buster, clientState: { mutations: clientState.mutations, queries: [] } }).slice(0, -4);
  return `${head}[${kept.slice(0, kept.length >> shrunk).join()}]}}`;
}

/** Writes the device's copy at once (when the page goes: no timer would run), smaller while storage is full. */
function writeNow(storage: Storage, client: PersistedClient): void {
  for (let shrunk = 0; shrunk <= MAX_SHRINKS; shrunk++) {
    try {
      storage.setItem(QUERY_CACHE_KEY, deviceCopy(storage, { ...client, shrunk }));
      return;
    } catch {
      // full (quota exceeded): try with the older half gone
    }
  }
}

export function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Sign-out (a logout, or the server saying the session is over): the user's queries leave the
 * cache and the device's persisted copy at once (the persister only writes every 2 s), so the next
 * person on this browser finds none of their tickets, orders or saved lists.
 */
export function forgetUserData(queryClient: QueryClient, storage: Storage | undefined = browserStorage()): void {
  const isUsers = (key: readonly unknown[]) => typeof key[0] === 'string' && USER_QUERY_ROOTS.has(key[0]);
  queryClient.removeQueries({ predicate: (query) => isUsers(query.queryKey) });
  if (!storage) return;
  try {
    const raw = storage.getItem(QUERY_CACHE_KEY);
    if (!raw) return;
    const persisted = JSON.parse(raw) as PersistedClient;
    persisted.clientState.queries = persisted.clientState.queries.filter((query) => !isUsers(query.queryKey));
    persisted.clientState.mutations = persisted.clientState.mutations.filter((mutation) => !isUsers(mutation.mutationKey ?? []));
    storage.setItem(QUERY_CACHE_KEY, JSON.stringify(persisted));
  } catch {
    storage.removeItem(QUERY_CACHE_KEY);
  }
}

/** What the device's copy is written from: the cache's queries to keep (`shouldPersistQuery`) and mutations, now. */
function snapshot(queryClient: QueryClient): PersistedClient {
  return {
    timestamp: Date.now(),
    buster: QUERY_CACHE_BUSTER,
    clientState: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }),
  };
}

/** Writes the persisted snapshot now, past the persister's throttle. */
export function flushPersistedQueries(queryClient: QueryClient, storage: Storage | undefined = browserStorage()): void {
  if (storage) writeNow(storage, snapshot(queryClient));
}

/**
 * Keeps the device's copy up to date: every change of a query or a mutation hands a snapshot to the throttled
 * persister (written at most every 2 s). What React Query's persistQueryClientSubscribe does; its
 * persistQueryClientRestore, which runs first, would restore a second time what `restorePersistedQueries` had
 * already put back when the client was created.
 * Returns the clean-up.
 */
export function persistQueriesWhenChanged(queryClient: QueryClient, storage: Storage | undefined = browserStorage()): () => void {
  if (!storage) return () => {};
  const persister = persisterFor(storage);
  const save = ({ type }: { type: string }) => {
    if (type === 'added' || type === 'removed' || type === 'updated') void persister.persistClient(snapshot(queryClient));
  };
  const unsubscribeQueries = queryClient.getQueryCache().subscribe(save);
  const unsubscribeMutations = queryClient.getMutationCache().subscribe(save);
  return () => {
    unsubscribeQueries();
    unsubscribeMutations();
  };
}

/**
 * The persister writes at most every 2 s, and its pending write dies with the page: a firm's page or
 * an order left (closed, or a full navigation away) right after it showed was not kept for offline
 * reading. When the page is hidden (the last moment a mobile browser promises) or left, whatever
 * changed since is written at once: localStorage is synchronous, so the write is done before the
 * page goes. Returns the clean-up.
 */
export function persistWhenLeft(queryClient: QueryClient, storage: Storage | undefined = browserStorage()): () => void {
  if (!storage || typeof window === 'undefined') return () => {};
  let changed = false;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'updated' || event.type === 'removed') changed = true;
  });
  const flush = () => {
    if (!changed) return;
    changed = false;
    flushPersistedQueries(queryClient, storage);
  };
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
