import { useSyncExternalStore } from 'react';

/** Whether the page is live; false only between `holdHydrated` and `releaseHydrated` (a server-rendered page). */
let live = true;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => live;
const getServerSnapshot = () => false;

/**
 * A server-rendered page is about to be hydrated (src/client/main.tsx): `useHydrated` stays false, as the
 * server rendered it, until `releaseHydrated`.
 */
export function holdHydrated(): void {
  live = false;
}

/**
 * The page has hydrated: the components that show more once live (the layers, Install, the header's
 * signed-in parts, the tab bar's scroll behaviour) re-render one per task. Before, React re-rendered them
 * all in one synchronous render in the task that ended the hydration (a store whose value differs from the
 * server's forces that), with the layers' and the install button's code requested and a scroll listener
 * reading the layout: one of the long tasks of Lighthouse's total blocking time.
 */
export function releaseHydrated(): void {
  if (live) return;
  live = true;
  // each timer is a task of its own
  for (const listener of listeners) setTimeout(listener, 0);
}

/**
 * False on the server and during hydration, true once the page is live. Use it for what the
 * server cannot render (portals into document.body, values only the browser knows) so hydration
 * sees exactly the server's HTML first (src/client/entry-server.tsx).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
