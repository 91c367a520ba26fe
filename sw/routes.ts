/**
 * Which requests the service worker handles at run time, as pure functions so they can be
 * unit-tested without a worker. Precached files (the shell, route chunks, locale chunks, icons)
 * are served by workbox-precaching before any of these are consulted.
 */

import { isServerRenderedPath } from '../src/shared/server-rendered-paths';
import { PAGE_CACHE } from '../src/shared/page-cache';

/** Navigations that must reach the network: the API and uploaded media are never the app shell. */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api(\/|$)/, /^\/media(\/|$)/];

/** The server-rendered pages kept for repeat visits (`souk-pages`). */
export { PAGE_CACHE };

/**
 * Navigations answered from the page cache (the server-rendered HTML of a public page), so a
 * repeat visit paints at once, the installed app's start page `/` included (its HTML depends on
 * the session hint; a page kept under another session state is rendered afresh, not hydrated:
 * src/client/main.tsx). Every other navigation gets the precached shell.
 */
export function isCachedPageNavigation(url: URL): boolean {
  if (NAVIGATION_DENYLIST.some((pattern) => pattern.test(url.pathname))) return false;
  return isServerRenderedPath(url.pathname);
}

/** Public reads that anyone may see, so they may sit in a cache shared by every account on the device. */
const PUBLIC_API_PREFIXES = ['/api/public/', '/api/user/explore/'];

/** Public live streams (server-sent events): they never end, so a cache would hold them open and answer stale. */
const PUBLIC_STREAMS = ['/api/public/menu/live'];

export function isPublicApiRead(url: URL, method: string, sameOrigin: boolean): boolean {
  return (
    sameOrigin &&
    method === 'GET' &&
    PUBLIC_API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix)) &&
    !PUBLIC_STREAMS.includes(url.pathname)
  );
}

export function isMedia(url: URL, method: string, sameOrigin: boolean): boolean {
  return sameOrigin && method === 'GET' && url.pathname.startsWith('/media/');
}

/**
 * A built file (hashed name, never changes): the chunks of signed-in pages, the workspace and the
 * editors, and the translations beyond the public ones, which the worker does not precache.
 */
export function isBuiltAsset(url: URL, method: string, sameOrigin: boolean): boolean {
  return sameOrigin && method === 'GET' && url.pathname.startsWith('/assets/');
}

/**
 * A public read the server marked as personal (`Cache-Control: private` or `no-store`) is not
 * kept: the server has the last word on what may be shared.
 */
export function isShareableResponse(response: Response): boolean {
  if (response.status !== 200) return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  return !/\b(private|no-store)\b/.test(cacheControl);
}

/**
 * A page worth keeping: shareable (see above) and HTML, not an error page. Not the end of a
 * followed redirect either: a browser refuses such a response as the answer to a navigation.
 */
export function isShareablePage(response: Response): boolean {
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  return isShareableResponse(response) && type.startsWith('text/html') && !response.redirected;
}

/** At most this many files from one page's list (a page loads ~20 built files; the list is the page's word). */
const KEPT_ASSETS_MAX = 100;

/**
 * The built files a page loaded before this worker controlled it (its first visit), as it sends them with
 * KEEP_PAGE: the worker caches them (`souk-assets`), so what the visitor read is there offline, in their
 * language, without precaching every language. Only this origin's built files.
 */
export function keptAssetUrls(list: unknown, origin: string): URL[] {
  if (!Array.isArray(list)) return [];
  const urls: URL[] = [];
  for (const item of list.slice(0, KEPT_ASSETS_MAX)) {
    if (typeof item !== 'string') continue;
    let url: URL;
    try {
      url = new URL(item, origin);
    } catch {
      continue;
    }
    url.hash = '';
    if (isBuiltAsset(url, 'GET', url.origin === origin)) urls.push(url);
  }
  return urls;
}

/** The build's manifest entries as injected into the worker (sw/precache-entries.ts marks the later ones). */
type ManifestEntry = string | { url: string; revision?: string | null; integrity?: string; later?: boolean };

/**
 * Splits the injected manifest: the shell is precached at install; the entries marked `later` (the public pages'
 * files) are fetched in the background once the worker is active and a page idle (sw.ts), as absolute URLs.
 */
export function splitManifest<T extends ManifestEntry>(
  entries: readonly T[],
  origin: string,
): { precached: Exclude<T, { later: true }>[]; later: string[] } {
  const precached: Exclude<T, { later: true }>[] = [];
  const later: string[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'string' && entry.later) later.push(new URL(entry.url, origin).href);
    else precached.push(entry as Exclude<T, { later: true }>);
  }
  return { precached, later };
}
