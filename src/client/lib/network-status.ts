import { createStore } from 'zustand';
import { perRenderStore } from './per-render-store';
import { useSessionStore } from './session';

interface NetworkInformationLike extends EventTarget {
  effectiveType?: string;
  saveData?: boolean;
}

/** Slow connection: effective type 2g or slow-2g, or the user asked to save data. */
export function isSlowConnection(connection: { effectiveType?: string; saveData?: boolean } | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || connection.effectiveType === '2g' || connection.effectiveType === 'slow-2g';
}

function connection(): NetworkInformationLike | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as { connection?: NetworkInformationLike }).connection;
}

interface NetworkState {
  online: boolean;
  /** lite mode: small images, no prefetch, no animations (a slow or data-saving link, or the member's setting) */
  lite: boolean;
  /** the user chose to keep reading cached pages while offline */
  browsingOffline: boolean;
  setBrowsingOffline(value: boolean): void;
}

/**
 * The server renders a signed-in member's page in their lite mode (small pictures from the first
 * byte, src/client/entry-server.tsx) and says so on the root (`data-ssr-lite`). The page hydrates
 * with what the server rendered, and keeps it until the session is known.
 */
function renderedLite(): boolean | undefined {
  const root = typeof document === 'undefined' ? null : document.getElementById('root');
  return root?.dataset.ssr === undefined ? undefined : root.dataset.ssrLite !== undefined;
}

const networkStore = createStore<NetworkState>()((set) => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  // a server-rendered page hydrates as it was rendered; a slow link switches it right after
  lite: renderedLite() ?? isSlowConnection(connection()),
  browsingOffline: false,
  setBrowsingOffline: (browsingOffline) => set({ browsingOffline }),
}));

// The server renderer says per render whether it is in lite mode (see per-render-store.ts).
const renderedNetwork = perRenderStore(networkStore);

export const useNetworkStore = renderedNetwork.useStore;

/** Server rendering: runs the synchronous `render` (renderToString) in the member's lite mode. */
export function renderWithLiteMode<T>(lite: boolean, render: () => T): T {
  return renderedNetwork.renderWith({ lite }, render);
}

function memberLite(): boolean {
  const session = useSessionStore.getState();
  return session.status === 'unknown' ? renderedLite() === true : session.user?.liteMode === true;
}

export function initNetworkStatus(): void {
  const update = () =>
    useNetworkStore.setState((state) => ({
      online: navigator.onLine,
      // the member's lite mode (/profile/settings) follows their session: on at sign-in, off at sign-out;
      // until the session is known, what the server rendered for it
      lite: isSlowConnection(connection()) || memberLite(),
      browsingOffline: navigator.onLine ? false : state.browsingOffline,
    }));
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  connection()?.addEventListener('change', update);
  useSessionStore.subscribe((state, previous) => {
    if (state.user?.liteMode !== previous.user?.liteMode || state.status !== previous.status) update();
  });
  update();
  document.documentElement.classList.toggle('lite', useNetworkStore.getState().lite);
  useNetworkStore.subscribe((state) => document.documentElement.classList.toggle('lite', state.lite));
}

export const isLiteMode = () => useNetworkStore.getState().lite;
