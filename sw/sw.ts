/// <reference lib="webworker" />
/**
 * Souk's service worker (docs/architecture.md). Kept small on purpose:
 * - the app shell is precached (index.html, the entry, its CSS, the default language's common translations; one
 *   entry per URL; the selection: precache-entries.ts); the public pages' other files are fetched once the worker
 *   is active and a page idle, in the background at low priority (WARM, `souk-assets`); every built file is also
 *   cached when first used (`souk-assets`);
 * - navigations to the server-rendered public pages (a firm, an event, a post, explore, the
 *   landing `/` that the installed app starts on): stale-while-revalidate in `souk-pages`, so a repeat visit paints the server's
 *   HTML at once; offline and never visited, the precached shell. A page opened before the
 *   worker existed asks to be kept once the worker controls it. The page deletes this cache
 *   when the language changes (the HTML is in one language) and a new version of the worker
 *   deletes it on activation (the HTML names the old build's assets);
 * - every other navigation except /api and /media is answered with the precached shell;
 * - public API reads: stale-while-revalidate, bounded, 200s only;
 * - media: cache-first with a cap;
 * - a new version waits until the page asks it to take over (the update prompt);
 * - the till's sales queued offline are sent from here on Background Sync, with no till open (till-sync.ts).
 * Authenticated, workspace and account responses never enter a cache here.
 */
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import {
  isBuiltAsset,
  isCachedPageNavigation,
  isMedia,
  isPublicApiRead,
  isShareablePage,
  isShareableResponse,
  keptAssetUrls,
  NAVIGATION_DENYLIST,
  PAGE_CACHE,
  splitManifest,
} from './routes';
import type { PushPayload } from '../src/shared/notifications';
import './till-sync';

declare const self: ServiceWorkerGlobalScope;

const DAY = 24 * 60 * 60;

cleanupOutdatedCaches();
const precache = new PrecacheController();
const manifest = splitManifest(self.__WB_MANIFEST, self.location.origin);
precache.addToCacheList(manifest.precached);
self.addEventListener('install', (event) => event.waitUntil(installInParallel(precache, event)));
self.addEventListener('activate', (event) => void precache.activate(event));
// No directory index: `/` is a page of its own (kept below), not the precached `/index.html` shell.
registerRoute(new PrecacheRoute(precache, { directoryIndex: '' }));

const shell = precache.createHandlerBoundToURL('/index.html');
const pages = new StaleWhileRevalidate({
  cacheName: PAGE_CACHE,
  plugins: [
    // One entry per URL, whichever request stored it (a navigation, or the plain fetch of
    // keepPage below): the response's Vary (Cookie, Accept-Language) is about the language,
    // and the page deletes this cache when that changes.
    { cacheKeyWillBeUsed: async ({ request }) => request.url },
    { cacheWillUpdate: async ({ response }) => (isShareablePage(response) ? response : null) },
    new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }),
  ],
});

registerRoute(
  new NavigationRoute(
    async (options) => {
      if (isCachedPageNavigation(options.url)) {
        try {
          const page = await pages.handle(options);
          // A server error (a proxy's 502 during a deploy) is worse than the shell, which
          // renders from the cached public reads.
          if (page.status < 500) return page;
        } catch {
          // offline and never visited: the shell, as for every other path
        }
      }
      return shell(options);
    },
    { denylist: NAVIGATION_DENYLIST },
  ),
);

// Kept pages name the hashed assets of the build that rendered them; a new version's precache
// no longer has those, so its pages are fetched afresh. (The expiration plugin's own
// deleteCacheAndMetadata only knows caches this instance has touched: none yet at activation.)
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(PAGE_CACHE));
});

registerRoute(
  ({ url, request, sameOrigin }) => isPublicApiRead(url, request.method, sameOrigin),
  new StaleWhileRevalidate({
    cacheName: 'souk-public-api',
    plugins: [
      { cacheWillUpdate: async ({ response }) => (isShareableResponse(response) ? response : null) },
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// Built files the precache leaves out (signed-in pages, the workspace, the editors, other
// languages' translations and month names): hashed names, so the first copy is the right one.
// The precache's route answers first.
const ASSET_CACHE = 'souk-assets';
const assets = new CacheFirst({
  cacheName: ASSET_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ url, request, sameOrigin }) => isBuiltAsset(url, request.method, sameOrigin), assets);

registerRoute(
  ({ url, request, sameOrigin }) => isMedia(url, request.method, sameOrigin),
  new CacheFirst({
    cacheName: 'souk-media',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

declare const __APP_VERSION__: string;
/** the build this worker came with (vite's define; 'dev' when built without it) */
const WORKER_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  // The page decides when a waiting version takes over (workbox-window's messageSkipWaiting sends this).
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // A page opened before this worker existed came straight from the network; once the worker
  // controls it, the page asks to be kept (src/client/lib/service-worker.ts), so the visitor's
  // next visit paints from the cache too. Only the asking window's own URL is fetched.
  else if (type === 'KEEP_PAGE' && event.source && 'url' in event.source) {
    keepPage(event, event.source.url);
    keepAssets(event, (event.data as { assets?: unknown }).assets);
  }
  // The page is idle and this worker active (src/client/lib/service-worker.ts): the public pages' files, in the background.
  else if (type === 'WARM') event.waitUntil(warmPublicPages(event));
  // /profile/version asks which version this worker is (it answers on the channel it was given).
  else if (type === 'VERSION') event.ports[0]?.postMessage({ version: WORKER_VERSION });
});

function keepPage(event: ExtendableMessageEvent, href: string): void {
  const url = new URL(href);
  url.hash = '';
  if (url.origin !== self.location.origin || !isCachedPageNavigation(url)) return;
  event.waitUntil(pages.handle({ event, request: new Request(url.href) }).catch(() => undefined));
}

/**
 * The built files that page loaded before this worker controlled it (src/client/lib/service-worker.ts sends
 * their URLs): the ones the precache leaves out (another language's translations and month names, a
 * signed-in page's chunks) go to `souk-assets`, mostly from the HTTP cache, so what the visitor read on
 * the first visit is there offline too.
 */
function keepAssets(event: ExtendableMessageEvent, list: unknown): void {
  const missing = keptAssetUrls(list, self.location.origin).filter((url) => !precache.getCacheKeyForURL(url.href));
  for (const url of missing) event.waitUntil(assets.handle({ event, request: new Request(url.href) }).catch(() => undefined));
}

let warming: Promise<void> | undefined;
/**
 * The install precaches only the shell (docs/decisions/022-precache-only-the-shell.md) (~150 KB gzip), so the worker is ready sooner on a slow link;
 * the public pages' files (their routes, the layers, the default language's translations: `later` in the build's
 * manifest) are fetched here, once the worker is active and a page idle says so, two at a time at low priority,
 * into `souk-assets` (where they would also go when first used). Those already there are skipped, so every page
 * can ask; one run at a time. Then a visitor reads every public page offline, not only those opened.
 */
function warmPublicPages(event: ExtendableMessageEvent): Promise<void> {
  warming ??= (async () => {
    const cache = await caches.open(ASSET_CACHE);
    const missing: string[] = [];
    for (const url of manifest.later) if (!(await cache.match(url))) missing.push(url);
    const next = async (): Promise<void> => {
      for (let url = missing.shift(); url !== undefined; url = missing.shift()) {
        const request = new Request(url, { credentials: 'same-origin', priority: 'low' });
        await assets.handle({ event, request }).catch(() => undefined);
      }
    };
    await Promise.all([next(), next()]);
  })().finally(() => {
    warming = undefined;
  });
  return warming;
}

/**
 * Workbox's own install (precacheAndRoute) fetches the precache ONE FILE AT A TIME (a known limit of Workbox's precaching):
 * on the visitor's 400 ms link that is a round trip per file, and the worker was ready 30 s after the
 * first load. This fills the same cache with the same strategy (cache keys, revisions,
 * integrity, the install failing on a bad response), six requests at a time (what HTTP/1.1 opens per
 * host). The files the page has just loaded (hashed names, `immutable`) come from the HTTP cache.
 */
async function installInParallel(controller: PrecacheController, event: ExtendableEvent): Promise<void> {
  const urls = controller.getCachedURLs();
  const next = async (): Promise<void> => {
    for (let url = urls.shift(); url !== undefined; url = urls.shift()) {
      const cacheKey = controller.getCacheKeyForURL(url) ?? url;
      const request = new Request(url, {
        integrity: controller.getIntegrityForCacheKey(cacheKey),
        // a revisioned entry (index.html, icons) bypasses the HTTP cache, a hashed name may use it (as workbox does)
        cache: cacheKey === url ? 'default' : 'reload',
        credentials: 'same-origin',
      });
      await Promise.all(controller.strategy.handleAll({ params: { cacheKey }, request, event }));
    }
  };
  await Promise.all(Array.from({ length: 6 }, next));
}

// ---- Web push (src/server/modules/notifications/notify.ts sends it; src/shared/notifications.ts says what it carries) ----

self.addEventListener('push', (event) => {
  let payload: Partial<PushPayload> = {};
  try {
    payload = (event.data?.json() ?? {}) as Partial<PushPayload>;
  } catch {
    payload = { body: event.data?.text() ?? '' };
  }
  const lang = payload.lang ?? 'en';
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Souk', {
      body: payload.body ?? '',
      // one notification per subject: a newer one about the same thing replaces it
      tag: payload.tag,
      data: { link: payload.link ?? '/profile/notifications', id: payload.id },
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang,
      dir: lang === 'ar' ? 'rtl' : 'ltr',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data as { link?: string } | null)?.link ?? '/profile/notifications';
  const url = new URL(link, self.location.origin);
  // only our own pages
  const target = url.origin === self.location.origin ? url.href : self.location.origin + '/profile/notifications';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        const navigated = await focused.navigate(target).catch(() => null);
        if (navigated) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

// The first install controls the open page at once, so its very first visit already works offline.
clientsClaim();
