/// <reference lib="webworker" />
/**
 * Souk's service worker (ARCHITECTURE.md section 6). Kept small on purpose:
 * - the app shell, route chunks, locale chunks and icons are precached (one entry per URL);
 * - every navigation except /api and /media is answered with the precached shell;
 * - public API reads: stale-while-revalidate, bounded, 200s only;
 * - media: cache-first with a cap;
 * - a new version waits until the page asks it to take over (the update prompt).
 * Authenticated, workspace and account responses never enter a cache here.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { isMedia, isPublicApiRead, isShareableResponse, NAVIGATION_DENYLIST } from './routes';

declare const self: ServiceWorkerGlobalScope;

const DAY = 24 * 60 * 60;

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

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

// The page decides when a waiting version takes over (workbox-window's messageSkipWaiting sends this).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install controls the open page at once, so its very first visit already works offline.
clientsClaim();
