import { create } from 'zustand';
import { useSessionStore } from './session';

interface NetworkInformationLike extends EventTarget {
  effectiveType?: string;
  saveData?: boolean;
}

/** Slow connection (spec section 9): effective type 2g or slow-2g, or the user asked to save data. */
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

export const useNetworkStore = create<NetworkState>((set) => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  lite: isSlowConnection(connection()),
  browsingOffline: false,
  setBrowsingOffline: (browsingOffline) => set({ browsingOffline }),
}));

export function initNetworkStatus(): void {
  const update = () =>
    useNetworkStore.setState((state) => ({
      online: navigator.onLine,
      // the member's lite mode (/profile/settings) follows their session: on at sign-in, off at sign-out
      lite: isSlowConnection(connection()) || useSessionStore.getState().user?.liteMode === true,
      browsingOffline: navigator.onLine ? false : state.browsingOffline,
    }));
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  connection()?.addEventListener('change', update);
  useSessionStore.subscribe((state, previous) => {
    if (state.user?.liteMode !== previous.user?.liteMode) update();
  });
  update();
  document.documentElement.classList.toggle('lite', useNetworkStore.getState().lite);
  useNetworkStore.subscribe((state) => document.documentElement.classList.toggle('lite', state.lite));
}

export const isLiteMode = () => useNetworkStore.getState().lite;
