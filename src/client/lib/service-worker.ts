import { PAGE_CACHE } from '../../shared/page-cache';
import { whenIdle } from './when-idle';

/**
 * The worker itself is registered by the tiny inline script vite-plugin-pwa puts in index.html
 * (on `load`, never parser-blocking). A page the worker did not answer asks it to keep the page at once (below); the
 * update watcher and the request to fill the offline cache (lib/service-worker-updates.ts) load once the page is idle:
 * they are not in the entry.
 */
export function registerServiceWorker(container: ServiceWorkerContainer | undefined = navigatorServiceWorker()): void {
  if (!container || import.meta.env.DEV) return;
  askToKeepThisPage(container);
  whenIdle(() => void import('./service-worker-updates').then((updates) => updates.watchForUpdates(container)).catch(() => {}));
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

/** The built files this page has loaded (the resource timing entries of this origin's `/assets/`). */
function loadedAssets(): string[] {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return [];
  const prefix = `${location.origin}/assets/`;
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(prefix));
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
