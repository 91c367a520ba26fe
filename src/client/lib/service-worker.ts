import { create } from 'zustand';
import { PAGE_CACHE } from '../../shared/server-rendered-paths';
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
 * The worker itself is registered by the tiny inline script vite-plugin-pwa puts in index.html
 * (on `load`, never parser-blocking). This watches that registration for a new version: when
 * one is installed and waiting while an older one controls the page, the store offers the
 * update; `applyUpdate` sends SKIP_WAITING (what workbox-window's messageSkipWaiting sends) and
 * reloads on `controllerchange`. Nothing reloads on its own, so a half-filled form is never lost.
 */
export function registerServiceWorker(container: ServiceWorkerContainer | undefined = navigatorServiceWorker()): void {
  if (!container || import.meta.env.DEV) return;
  askToKeepThisPage(container);
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
 * A page the worker did not answer (the first visits, before the worker controlled them) came straight from the
 * network, so the worker's page cache does not have it. The worker is asked to keep it (it decides whether it is a
 * page it keeps: a server-rendered public one), so the next visit paints from the cache instead of waiting for the
 * network, and with it go the built files the page loaded so far: the worker precaches only the shell, so the
 * page's route chunks and its language's translations are kept this way (the worker keeps only this origin's
 * `/assets/` files of the list). Asked when the fresh worker takes control of the open page, or, when it took
 * control while the page was loading (controlled, but its navigation has no `workerStart`: it never reached the
 * worker), once the page has loaded: such a page was never kept, and offline it opened only if the background fetch
 * had already got to its route's files.
 */
export function askToKeepThisPage(
  container: ServiceWorkerContainer,
  navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined,
): void {
  const ask = () => container.controller?.postMessage({ type: 'KEEP_PAGE', assets: loadedAssets() });
  if (!container.controller) container.addEventListener('controllerchange', ask, { once: true });
  else if (navigation?.workerStart === 0) afterLoad(ask);
}

/** Runs `run` once the page has loaded (at once if it has). */
function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
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

/** The built files this page has loaded (the resource timing entries of this origin's `/assets/`). */
function loadedAssets(): string[] {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return [];
  const prefix = `${location.origin}/assets/`;
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(prefix));
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

function navigatorServiceWorker(): ServiceWorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
}

/**
 * The worker keeps server-rendered pages (`souk-pages`) in the language they were rendered in;
 * after a language change the next visit must come from the server, in the new language.
 */
export async function forgetServerRenderedPages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(PAGE_CACHE).catch(() => false);
}
