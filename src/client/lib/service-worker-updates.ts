import { create } from 'zustand';
import { whenIdle } from './when-idle';

interface ServiceWorkerState {
  /** a new version is installed and waiting; the user decides when to reload */
  updateReady: boolean;
  /** asks the waiting version to take over, then reloads once it controls the page */
  applyUpdate: () => void;
}

export const useServiceWorkerStore = create<ServiceWorkerState>(() => ({ updateReady: false, applyUpdate: () => {} }));

const HOUR = 60 * 60 * 1000;

/**
 * Watches the page's worker registration for a new version (lib/service-worker.ts loads this once the page is idle):
 * when one is installed and waiting while an older one controls the page, the store offers the update; `applyUpdate`
 * sends SKIP_WAITING (what workbox-window's messageSkipWaiting sends) and reloads on `controllerchange`. Nothing
 * reloads on its own, so a half-filled form is never lost.
 */
export function watchForUpdates(container: ServiceWorkerContainer): void {
  warmWhenIdle(container);
  void container.ready.then((registration) => {
    watchRegistration(container, registration);
    // A page left open for days still learns about new versions.
    const check = () => void registration.update().catch(() => {});
    setInterval(check, HOUR);
    window.addEventListener('online', check);
  });
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

export function watchRegistration(container: ServiceWorkerContainer, registration: ServiceWorkerRegistration): void {
  let reloading = false;
  const offer = (worker: ServiceWorker) => {
    // The very first install has no controller to replace: nothing to offer.
    if (!container.controller) return;
    useServiceWorkerStore.setState({
      updateReady: true,
      applyUpdate: () => {
        container.addEventListener('controllerchange', () => {
          if (reloading) return;
          reloading = true;
          window.location.reload();
        });
        worker.postMessage({ type: 'SKIP_WAITING' });
      },
    });
  };
  const follow = (worker: ServiceWorker | null) => {
    if (!worker) return;
    if (worker.state === 'installed') {
      offer(worker);
      return;
    }
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  };
  if (registration.waiting) offer(registration.waiting);
  else follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
}
