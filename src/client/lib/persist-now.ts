import { useEffect } from 'react';
import { dehydrate, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { browserStorage, QUERY_CACHE_BUSTER, QUERY_CACHE_KEY, shouldPersistQuery } from './query-client';

/**
 * Writes the persisted snapshot now (the persister writes at most every 2 s): called when the page
 * is hidden or left, so what was just read (an order's tickets) is on the device for offline use.
 * Apart from query-client.ts so that only the pages that need it (the wallet) load it.
 */
export function flushPersistedQueries(queryClient: QueryClient, storage: Storage | undefined = browserStorage()): void {
  if (!storage) return;
  const snapshot: PersistedClient = {
    timestamp: Date.now(),
    buster: QUERY_CACHE_BUSTER,
    clientState: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }),
  };
  try {
    storage.setItem(QUERY_CACHE_KEY, JSON.stringify(snapshot));
  } catch {
    // quota exceeded: the throttled persister keeps trying
  }
}

/** While the calling page is shown, leaving it writes the persisted snapshot at once. */
export function usePersistOnPageHide(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const flush = () => flushPersistedQueries(queryClient);
    addEventListener('pagehide', flush);
    return () => removeEventListener('pagehide', flush);
  }, [queryClient]);
}
