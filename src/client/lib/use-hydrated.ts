import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true once the page is live. Use it for what the
 * server cannot render (portals into document.body, values only the browser knows) so hydration
 * sees exactly the server's HTML first (src/client/entry-server.tsx).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
