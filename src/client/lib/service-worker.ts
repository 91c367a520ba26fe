import { create } from 'zustand';

interface ServiceWorkerState {
  /** a new version is installed and waiting; the user decides when to reload */
  updateReady: boolean;
  applyUpdate: () => void;
}

export const useServiceWorkerStore = create<ServiceWorkerState>(() => ({ updateReady: false, applyUpdate: () => {} }));

/** Registers /sw.js after load, off the critical path, and surfaces a waiting update. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => {
      useServiceWorkerStore.setState({
        updateReady: true,
        applyUpdate: () => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
      });
    });
    await wb.register();
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
