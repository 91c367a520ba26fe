import crypto from 'node:crypto';
import { requestLanguage } from '../../shared/request-language';
import { initialSessionStatus } from '../../shared/session-hint';
import { compressPage, pageEncoding, type PageEncoding } from './static-files';

/**
 * The rendered-HTML cache: a public page rendered for a signed-out visitor is kept for a
 * few seconds, so a QR-scan crowd on one firm costs one render, not one per scan.
 *
 * - Only signed-out visitors: no session hint, no refresh cookie (src/shared/session-hint.ts, the
 *   same test the renderer uses to draw the signed-out page). Anyone who may be signed in is
 *   rendered for themselves and never given or stored an entry.
 * - Keyed by what changes the HTML: the path, the query (its parameters sorted, so `?a=1&b=2` and
 *   `?b=2&a=1` are one entry), and the language the page is rendered in (cookie, else
 *   Accept-Language: src/shared/request-language.ts). The signed-out state is the only state kept.
 * - Emptied with the public read cache: its `clear` is registered with the cache invalidation
 *   (lib/response-cache.ts `createCacheInvalidation`), so every write in this process, and every
 *   write on another process (the bus), empties it too. A render that began before a write is not
 *   stored.
 * - CSP: a rendered page's inline scripts carry a per-response nonce. A stored page cannot reuse a
 *   nonce (a nonce known to everyone who fetched the page is no secret: anyone could mark an
 *   injected script with it), so the stored page drops its nonce attributes and its policy lists
 *   the SHA-256 of each of its inline scripts instead. A hash admits exactly that script text and
 *   nothing else, for everyone, which is what a stored page needs.
 * - Compressed lazily: an entry keeps the page's text and compresses it in an encoding the first
 *   time a request accepts that encoding (brotli for browsers, gzip for the rare other client),
 *   then keeps that too. A page rendered for a query nobody repeats (a search, a cold page) is
 *   compressed once, in the encoding it is served in: storing br and gzip of every render cost
 *   about 14 % of a cold request (a profile of cold renders), for a gzip copy almost never read.
 *   Compression runs in libuv's thread pool (static-files.ts compressPage), not on the thread that
 *   renders. The first brotli is fast (q5); a page asked for again (a crowd on one firm) is
 *   compressed once more at brotli's best quality in the background (q11: the firm page 13.6 →
 *   12.4 KB), one page at a time, and later answers send that.
 * - Bounded: a few seconds per entry and a total size (the text and the encodings made so far),
 *   the oldest dropped first.
 */
export interface HtmlCacheEntry {
  status: number;
  csp: string;
  html: string;
  etag: string;
  at: number;
  /** the page in `encoding`, compressed on first use and kept with the entry */
  encoded(encoding: HtmlEncoding): Promise<Uint8Array<ArrayBuffer>>;
}

type HtmlEncoding = PageEncoding;

export interface HtmlCacheOptions {
  ttlMs?: number;
  maxBytes?: number;
}

/** The access-token cookie (modules/auth/auth-cookies.ts): whoever carries one is not served a stored page. */
const ACCESS_COOKIE = /(?:^|;\s*)(?:__Host-)?souk_at=/;

/** Whether the request carries an access token: the API may answer it for a signed-in reader. */
export const carriesAccessToken = (request: Request): boolean => ACCESS_COOKIE.test(request.headers.get('cookie') ?? '');

/** The cache key of a request that may be served from (and stored in) the cache; null otherwise. */
export function htmlCacheKey(request: Request): string | null {
  if (request.method !== 'GET') return null;
  const cookie = request.headers.get('cookie');
  if (initialSessionStatus(cookie) !== 'signedOut' || carriesAccessToken(request)) return null;
  const url = new URL(request.url);
  const params = [...url.searchParams].sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(params).toString();
  return `${requestLanguage(request)} ${url.pathname}${query ? `?${query}` : ''}`;
}

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/g;

/**
 * The page as it can be stored: without its nonce attributes, and the hashes of its inline
 * scripts for the policy. Null when the nonce is also used elsewhere in the page (a script that
 * would create scripts with it): such a page is not stored.
 */
export function withScriptHashes(html: string, nonce: string): { html: string; hashes: string[] } | null {
  const stripped = html.split(` nonce="${nonce}"`).join('');
  if (stripped.includes(nonce)) return null;
  const hashes = new Set<string>();
  for (const match of stripped.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/.test(match[1] ?? '')) continue;
    hashes.add(`'sha256-${crypto.createHash('sha256').update(match[2]).digest('base64')}'`);
  }
  return { html: stripped, hashes: [...hashes] };
}

export function createHtmlCache({ ttlMs = 5000, maxBytes = 32 * 1024 * 1024 }: HtmlCacheOptions = {}) {
  const entries = new Map<string, HtmlCacheEntry>();
  let bytes = 0;
  let generation = 0;

  const sizes = new Map<string, number>();

  const drop = (key: string) => {
    if (!entries.has(key)) return;
    bytes -= sizes.get(key) ?? 0;
    entries.delete(key);
    sizes.delete(key);
  };

  const trim = () => {
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  const inFlight = new Map<string, Promise<unknown>>();
  // a best-quality brotli is being made (at most one at a time: it takes ~150 ms of a pool thread)
  let upgrading = false;

  return {
    /**
     * One render per key at a time: a crowd that arrives together (a QR code on a poster) waits
     * for the first request's render instead of rendering the same page twenty times at once.
     * `joined`: the answer was another request's.
     */
    async once<T>(key: string, produce: () => Promise<T>): Promise<{ value: T; joined: boolean }> {
      const running = inFlight.get(key) as Promise<T> | undefined;
      if (running) return { value: await running, joined: true };
      const promise = produce();
      inFlight.set(key, promise);
      try {
        return { value: await promise, joined: false };
      } finally {
        inFlight.delete(key);
      }
    },
    get(key: string): HtmlCacheEntry | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (performance.now() - entry.at >= ttlMs) {
        drop(key);
        return undefined;
      }
      return entry;
    },
    /** The generation to hand back to `set`: a clear in between means the render may be stale. */
    generation: () => generation,
    set(key: string, startedAt: number, page: { status: number; html: string; csp: string }): HtmlCacheEntry {
      const encodings: Partial<Record<HtmlEncoding, Promise<Uint8Array<ArrayBuffer>>>> = {};
      let best = false;
      // what the entry now holds: counted while it is still the stored entry (not dropped or replaced meanwhile)
      const count = (delta: number) => {
        if (entries.get(key) !== entry) return;
        sizes.set(key, (sizes.get(key) ?? 0) + delta);
        bytes += delta;
        trim();
      };
      const entry: HtmlCacheEntry = {
        status: page.status,
        csp: page.csp,
        html: page.html,
        etag: `W/"${crypto.createHash('sha1').update(page.html).digest('base64url').slice(0, 22)}"`,
        at: performance.now(),
        encoded(encoding) {
          const made = encodings[encoding];
          if (!made) {
            const fast = (encodings[encoding] = compressPage(page.html, encoding));
            void fast.then(
              (body) => count(body.length),
              () => delete encodings[encoding],
            );
            return fast;
          }
          // asked again: worth brotli's best quality, made in the background (one page at a time)
          if (encoding === 'br' && !best && !upgrading && entries.get(key) === entry) {
            best = upgrading = true;
            void Promise.all([made, compressPage(page.html, 'br', 11)])
              .then(([fast, smaller]) => {
                if (smaller.length >= fast.length || encodings.br !== made) return;
                encodings.br = Promise.resolve(smaller);
                count(smaller.length - fast.length);
              })
              .catch(() => {})
              .finally(() => (upgrading = false));
          }
          return made;
        },
      };
      if (startedAt !== generation) return entry;
      drop(key);
      entries.set(key, entry);
      // a JavaScript string of this page is about its length in bytes (Latin-1) or twice (other text)
      const size = page.html.length * 2 + key.length;
      sizes.set(key, size);
      bytes += size;
      trim();
      return entry;
    },
    clear(): void {
      generation += 1;
      entries.clear();
      sizes.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * A stored page as a response, in the best encoding the client accepts. `X-Souk-Cache` says
 * whether it was rendered for this request (miss) or not (hit): the tests and the bench read it.
 */
export async function htmlCacheResponse(
  entry: HtmlCacheEntry,
  request: Request,
  headers: Record<string, string>,
  hit: boolean,
): Promise<Response> {
  const all: Record<string, string> = {
    ...headers,
    'Content-Security-Policy': entry.csp,
    ETag: entry.etag,
    'X-Souk-Cache': hit ? 'hit' : 'miss',
  };
  if (request.headers.get('if-none-match') === entry.etag) return new Response(null, { status: 304, headers: all });
  const accept = request.headers.get('accept-encoding') ?? '';
  const encoding = pageEncoding(accept);
  if (!encoding) return new Response(entry.html, { status: entry.status, headers: all });
  return new Response(await entry.encoded(encoding), { status: entry.status, headers: { ...all, 'Content-Encoding': encoding } });
}
