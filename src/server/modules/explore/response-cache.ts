import type { MiddlewareHandler } from 'hono';

interface Entry {
  at: number;
  status: number;
  body: string;
  headers: Record<string, string>;
}

/**
 * A micro-cache for anonymous public reads (firm pages, lists, lookups): the same URL within
 * `ttlMs` is answered from memory, so a QR-scan burst on one firm costs one query. Only 200 JSON
 * answers of GET requests are kept; writes of this module call `clear()`; other edits show within
 * the TTL (the responses say max-age=30 to browsers anyway).
 */
export function createResponseCache(ttlMs = 5000, maxEntries = 2000) {
  const entries = new Map<string, Entry>();
  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const key = c.req.url;
    const now = performance.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return c.body(hit.body, hit.status as 200, hit.headers);
    await next();
    const type = c.res.headers.get('content-type') ?? '';
    if (c.res.status !== 200 || !type.startsWith('application/json')) return;
    const body = await c.res.clone().text();
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, {
      at: now,
      status: 200,
      body,
      headers: { 'Content-Type': type, 'Cache-Control': c.res.headers.get('cache-control') ?? 'no-cache' },
    });
  };
  return { middleware, clear: () => entries.clear() };
}
export type ResponseCache = ReturnType<typeof createResponseCache>;
