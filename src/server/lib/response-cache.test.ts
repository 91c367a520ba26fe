import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { createResponseCache } from './response-cache';

function appWithCache() {
  const cache = createResponseCache();
  let reads = 0;
  const app = new Hono();
  app.use('*', cache.middleware);
  app.get('/list', (c) => {
    reads += 1;
    return c.json({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Firm ${i}` })) });
  });
  return { app, reads: () => reads };
}

describe('createResponseCache', () => {
  it('stores a read without compressing it, compresses once per encoding when a client asks, and serves the same bytes', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const gzip = vi.spyOn(zlib, 'gzip');
    try {
      const { app, reads } = appWithCache();
      // the server renderer's in-process read: no encoding asked, none made
      const plain = await app.request('/list');
      const text = await plain.text();
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(JSON.parse(text).items).toHaveLength(200);
      expect(brotli).not.toHaveBeenCalled();
      expect(gzip).not.toHaveBeenCalled();
      const asBrotli = async () => {
        const response = await app.request('/list', { headers: { 'accept-encoding': 'gzip, br' } });
        expect(response.headers.get('content-encoding')).toBe('br');
        return zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
      };
      expect(await asBrotli()).toBe(text);
      expect(await asBrotli()).toBe(text);
      expect(brotli).toHaveBeenCalledTimes(1);
      const gzipped = await app.request('/list', { headers: { 'accept-encoding': 'gzip' } });
      expect(zlib.gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(text);
      expect(gzip).toHaveBeenCalledTimes(1);
      expect(reads()).toBe(1);
      const etag = gzipped.headers.get('etag')!;
      expect((await app.request('/list', { headers: { 'if-none-match': etag } })).status).toBe(304);
    } finally {
      brotli.mockRestore();
      gzip.mockRestore();
    }
  });
});
