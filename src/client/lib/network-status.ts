import { create } from 'zustand';

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
  /** lite mode: small images, no prefetch */
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
      lite: isSlowConnection(connection()),
      browsingOffline: navigator.onLine ? false : state.browsingOffline,
    }));
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  connection()?.addEventListener('change', update);
  update();
  document.documentElement.classList.toggle('lite', useNetworkStore.getState().lite);
  useNetworkStore.subscribe((state) => document.documentElement.classList.toggle('lite', state.lite));
}

export const isLiteMode = () => useNetworkStore.getState().lite;
