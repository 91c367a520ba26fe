import zlib from 'node:zlib';
import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { carriesAccessToken } from './html-cache';

interface Entry {
  at: number;
  status: number;
  body: string;
  headers: Record<string, string>;
  // (perf) compressed once per entry, when a client first accepts the encoding, off the JavaScript
  // thread; served as is after that. Not when stored: the server renderer's in-process reads (most
  // of the misses, e.g. a fresh search) accept no encoding, and compressing their answers in gzip
  // and brotli both was pure cost.
  encoded: Partial<Record<'br' | 'gzip', Promise<Uint8Array<ArrayBuffer>>>>;
  etag: string;
}

const compressors = {
  gzip: (body: string, done: (error: Error | null, result: Buffer) => void) => zlib.gzip(body, { level: 6 }, done),
  br: (body: string, done: (error: Error | null, result: Buffer) => void) =>
    zlib.brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }, done),
};

function encoded(entry: Entry, encoding: 'br' | 'gzip'): Promise<Uint8Array<ArrayBuffer>> {
  return (entry.encoded[encoding] ??= new Promise((resolve, reject) =>
    compressors[encoding](entry.body, (error, result) => (error ? reject(error) : resolve(new Uint8Array(result)))),
  ));
}

/** (perf) A hit is answered without compressing again: each encoding is made once per entry. */
async function answer(c: Parameters<MiddlewareHandler>[0], hit: Entry): Promise<Response> {
  const headers: Record<string, string> = { ...hit.headers, ETag: hit.etag, Vary: 'Accept-Encoding' };
  if (c.req.header('if-none-match') === hit.etag) return new Response(null, { status: 304, headers });
  const accept = c.req.header('accept-encoding') ?? '';
  const encoding = hit.body.length <= 1024 ? undefined : /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
  if (encoding)
    return new Response(await encoded(hit, encoding), { status: hit.status, headers: { ...headers, 'Content-Encoding': encoding } });
  // A known length under the compression threshold tells compress() to leave small bodies alone.
  return new Response(hit.body, { status: hit.status, headers: { ...headers, 'Content-Length': String(Buffer.byteLength(hit.body)) } });
}

/**
 * A signed-in reader's answer is theirs: a follower sees the firm's followers-only items, so it is
 * neither kept here nor by any shared HTTP cache (`public` becomes `private`: their browser alone).
 */
async function answeredPrivately(c: Parameters<MiddlewareHandler>[0], next: () => Promise<void>): Promise<void> {
  await next();
  const policy = c.res.headers.get('cache-control');
  if (policy?.includes('public')) c.res.headers.set('Cache-Control', policy.replace('public', 'private'));
}

/**
 * A micro-cache for anonymous public reads (firm pages, lists, lookups): the same URL within
 * `ttlMs` is answered from memory, so a QR-scan burst on one firm costs one query. Only 200 JSON
 * answers of GET requests without an access token are kept and served (what a signed-out visitor
 * sees, which never holds a followers-only item); any successful write empties it (`clearOnWrite`), so other
 * processes' edits show within the TTL (the responses say max-age=30 to browsers anyway).
 */
export function createResponseCache(ttlMs = 5000, maxEntries = 2000) {
  const entries = new Map<string, Entry>();
  // Bumped by every clear: an answer read before a clear is not stored after it (it may predate the write).
  let generation = 0;
  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET') return next();
    if (carriesAccessToken(c.req.raw)) return answeredPrivately(c, next);
    const key = c.req.url;
    const now = performance.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return answer(c, hit);
    const readIn = generation;
    await next();
    if (readIn !== generation) return;
    const type = c.res.headers.get('content-type') ?? '';
    if (c.res.status !== 200 || !type.startsWith('application/json')) return;
    const body = await c.res.clone().text();
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    const entry: Entry = {
      at: now,
      status: 200,
      body,
      headers: { 'Content-Type': type, 'Cache-Control': c.res.headers.get('cache-control') ?? 'no-cache' },
      etag: `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      encoded: {},
    };
    entries.set(key, entry);
    // (perf) the first answer already carries the validator and the stored encoding
    c.res = await answer(c, entry);
  };
  return {
    middleware,
    clear: () => {
      generation += 1;
      entries.clear();
    },
  };
}
export type ResponseCache = ReturnType<typeof createResponseCache>;

/**
 * THE invalidation of the public caches. Any successful write in the API calls `invalidate()`
 * (`clearOnWrite`), which empties every cache registered here (the public read cache; the
 * rendered-page cache registers itself the same way) and tells the other server processes, whose
 * bus (lib/bus.ts: PostgreSQL LISTEN/NOTIFY) calls their `clearHere()`. So a read after a write
 * sees the write on every process, not only on the one that wrote.
 */
export function createCacheInvalidation() {
  const caches = new Set<() => void>();
  const others = new Set<() => void>();
  const clearHere = () => {
    for (const clear of caches) clear();
  };
  return {
    /** a cache of public answers: its clear function, called on every write anywhere */
    register(clear: () => void) {
      caches.add(clear);
    },
    /** a write happened here: empty this process's caches and tell the others */
    invalidate() {
      clearHere();
      for (const tell of others) tell();
    },
    /** another process wrote (the bus calls this) */
    clearHere,
    /** the bus: how the other processes hear of a write here */
    onInvalidate(tell: () => void) {
      others.add(tell);
    },
  };
}
export type CacheInvalidation = ReturnType<typeof createCacheInvalidation>;

/** Requests that use POST to read (a filter too big for a query string): not writes. */
const readOnlyRequests = new WeakSet<Request>();

/**
 * Route middleware for a POST that only reads (e.g. the events list, filtered by its body): it
 * does not invalidate the caches. Without it every server render of a page listing events emptied
 * them, so such a page was never served from the rendered-HTML cache (lib/html-cache.ts).
 */
export const readOnlyPost: MiddlewareHandler = async (c, next) => {
  readOnlyRequests.add(c.req.raw);
  await next();
};

/**
 * Writes that change nothing a signed-out visitor can see: a visitor's own session (signing in,
 * the token refresh every signed-in tab makes, signing out, revoking a session, a reset code) and
 * their own notifications, and the count of a page view. Before they were listed here every token refresh emptied the public
 * caches of every process, so under signed-in traffic the rendered-HTML cache was mostly empty.
 * A path is listed only if NO write under it reaches a public answer (a new account does: signup
 * completion and Google sign-in, which may create one, are not listed).
 */
const PRIVATE_WRITES = [
  /^\/api\/iam\/login\/email$/,
  /^\/api\/iam\/auth\/(refresh|logout)$/,
  /^\/api\/iam\/sessions(\/|$)/,
  /^\/api\/iam\/signup\/email\/start$/,
  /^\/api\/iam\/password\/reset\/(start|complete)$/,
  /^\/api\/user\/notifications(\/|$)/,
  // a page view only adds to the firm's counts, which only its team reads
  /^\/api\/public\/page-views$/,
];

/** Does this successful request change what the public caches hold? */
function changesPublicData(method: string, path: string, raw: Request): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(method) || readOnlyRequests.has(raw)) return false;
  return !PRIVATE_WRITES.some((pattern) => pattern.test(path));
}

/**
 * Any successful write in the API that changes public data (an owner editing a menu, a follow, …)
 * invalidates the public caches of every process, so a read after a write always sees the write.
 */
export function clearOnWrite(invalidation: CacheInvalidation): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status < 400 && changesPublicData(c.req.method, c.req.path, c.req.raw)) invalidation.invalidate();
  };
}
