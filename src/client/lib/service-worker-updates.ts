import { create } from 'zustand';
import { Workbox } from 'workbox-window';
import { whenIdle } from './when-idle';

interface ServiceWorkerState {
  /** a new version is installed and waiting; the user decides when to reload */
  updateReady: boolean;
  /** asks the waiting version to take over, then reloads once it controls the page */
  applyUpdate: () => void;
}

export const useServiceWorkerStore = create<ServiceWorkerState>(() => ({ updateReady: false, applyUpdate: () => {} }));

const HOUR = 60 * 60 * 1000;

/** The worker's script as vite-plugin-pwa's inline script registers it (index.html): the same URL and scope, one registration. */
const WORKER_URL = '/sw.js';

/**
 * Watches for a new version of the worker with workbox-window (lib/service-worker.ts loads this once the page is idle):
 * when one is installed and waiting while an older one controls the page, the store offers the update; `applyUpdate`
 * asks it to skip waiting and reloads once it controls the page. Nothing reloads on its own, so a half-filled form is
 * never lost.
 */
export function watchForUpdates(container: ServiceWorkerContainer): void {
  warmWhenIdle(container);
  const workbox = new Workbox(WORKER_URL, { scope: '/' });
  offerUpdates(workbox, container);
  void workbox
    .register({ immediate: true })
    .then(() => {
      // A page left open for days still learns about new versions.
      const check = () => void workbox.update().catch(() => {});
      setInterval(check, HOUR);
      window.addEventListener('online', check);
    })
    .catch(() => {});
}

/**
 * The worker precaches only the shell; once it controls this page and the page is loaded and idle, it is told to
 * fetch the public pages' other files in the background (sw/sw.ts, WARM), so they can be read offline too. Not in
 * lite mode (2g, Save-Data): there the files are cached as they are used.
 */
function warmWhenIdle(container: ServiceWorkerContainer): void {
  // lib/network-status.ts marks lite mode on the document (its store is not imported here: an import cycle)
  const send = () => {
    if (!document.documentElement.classList.contains('lite')) container.controller?.postMessage({ type: 'WARM' });
  };
  if (container.controller) whenIdle(send);
  else container.addEventListener('controllerchange', () => whenIdle(send), { once: true });
}

/** The part of workbox-window's `Workbox` the update offer uses. */
export type UpdateSource = Pick<Workbox, 'addEventListener' | 'messageSkipWaiting'>;

export function offerUpdates(workbox: UpdateSource, container: ServiceWorkerContainer): void {
  workbox.addEventListener('waiting', () => {
    // The very first install has no controller to replace: nothing to offer.
    if (!container.controller) return;
    useServiceWorkerStore.setState({
      updateReady: true,
      applyUpdate: () => {
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      },
    });
  });
}
