import { QueryClient, type Query } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';

declare const __APP_VERSION__: string;

const DAY = 24 * 60 * 60 * 1000;

/** Roots of query keys whose data is public and may be kept on the device for offline reading. */
export const PERSISTED_QUERY_ROOTS = new Set(['public', 'saved']);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 7 * DAY,
        retry: (failureCount, error) => failureCount < 2 && (error as { status?: number }).status === 0,
        refetchOnWindowFocus: false,
        // Offline, serve what is cached and never block a loader on the network.
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

export function shouldPersistQuery(query: Query): boolean {
  const root = query.queryKey[0];
  return query.state.status === 'success' && typeof root === 'string' && PERSISTED_QUERY_ROOTS.has(root);
}

export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({
      storage: typeof window === 'undefined' ? undefined : window.localStorage,
      key: 'souk_query_cache',
      throttleTime: 2000,
    }),
    maxAge: 7 * DAY,
    buster: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev',
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
}
