import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createHtmlCache, htmlCacheKey, htmlCacheResponse, withScriptHashes } from './html-cache';

const get = (url: string, headers: Record<string, string> = {}) => new Request(`http://souk.test${url}`, { headers });
const page = (html: string) => ({ status: 200, html, csp: "script-src 'self'" });

describe('htmlCacheKey', () => {
  it('keys a signed-out request by language, path and sorted query', () => {
    expect(htmlCacheKey(get('/cafe-nour?b=2&a=1', { 'accept-language': 'fr-FR,fr;q=0.9' }))).toBe('fr /cafe-nour?a=1&b=2');
    expect(htmlCacheKey(get('/cafe-nour?a=1&b=2', { 'accept-language': 'fr' }))).toBe(
      htmlCacheKey(get('/cafe-nour?b=2&a=1', { 'accept-language': 'fr' })),
    );
    expect(htmlCacheKey(get('/explore'))).toBe('en /explore');
    expect(htmlCacheKey(get('/explore', { 'accept-language': 'ar' }))).not.toBe(htmlCacheKey(get('/explore')));
  });

  it('never keys anyone who may be signed in, nor a request that is not a GET', () => {
    expect(htmlCacheKey(get('/cafe-nour', { cookie: 'souk_session=1' }))).toBeNull();
    expect(htmlCacheKey(get('/cafe-nour', { cookie: 'souk_rt=abc' }))).toBeNull();
    expect(htmlCacheKey(get('/cafe-nour', { cookie: 'theme=dark; __Host-souk_at=abc' }))).toBeNull();
    expect(htmlCacheKey(get('/cafe-nour', { cookie: 'theme=dark' }))).toBe('en /cafe-nour');
    expect(htmlCacheKey(new Request('http://souk.test/cafe-nour', { method: 'POST' }))).toBeNull();
  });
});

describe('withScriptHashes', () => {
  it('drops the nonce and lists the hash of every inline script, not of external ones', () => {
    const html =
      '<script nonce="N0nce">a()</script><p>x</p><script type="module" src="/assets/x.js" nonce="N0nce"></script><script nonce="N0nce">b()</script>';
    const result = withScriptHashes(html, 'N0nce')!;
    expect(result.html).not.toContain('N0nce');
    const sha = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
    expect(result.hashes).toEqual([sha('a()'), sha('b()')]);
  });

  it('refuses a page that uses its nonce anywhere else', () => {
    expect(withScriptHashes('<script nonce="N0nce">use("N0nce")</script>', 'N0nce')).toBeNull();
  });
});

describe('createHtmlCache', () => {
  it('serves an entry until it expires', async () => {
    const cache = createHtmlCache({ ttlMs: 40 });
    cache.set('k', cache.generation(), page('<p>hello</p>'));
    expect(cache.get('k')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get('k')).toBeUndefined();
  });

  it('empties on clear, and does not keep a render that began before the clear', () => {
    const cache = createHtmlCache();
    cache.set('a', cache.generation(), page('a'));
    const startedAt = cache.generation();
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    // the render still answers its own request, it is just not stored
    expect(cache.set('b', startedAt, page('b')).status).toBe(200);
    expect(cache.get('b')).toBeUndefined();
    cache.set('b', cache.generation(), page('b'));
    expect(cache.get('b')).toBeDefined();
  });

  it('renders a key once while a crowd waits for it', async () => {
    const cache = createHtmlCache();
    let renders = 0;
    let finish!: (value: string) => void;
    const produce = () => {
      renders += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const crowd = [cache.once('k', produce), cache.once('k', produce), cache.once('k', produce)];
    const other = cache.once('other', async () => 'other');
    finish('page');
    const answers = await Promise.all(crowd);
    expect(renders).toBe(1);
    expect(answers.map((answer) => answer.value)).toEqual(['page', 'page', 'page']);
    expect(answers.map((answer) => answer.joined)).toEqual([false, true, true]);
    expect((await other).value).toBe('other');
    // done: the next miss renders again
    await cache.once('k', async () => 'again');
    expect((await cache.once('k', async () => 'again')).joined).toBe(false);
  });

  it('drops the oldest entries beyond its size', () => {
    const cache = createHtmlCache({ maxBytes: 10_000 });
    const random = () => crypto.randomBytes(1500).toString('base64');
    for (const key of ['1', '2', '3', '4']) cache.set(key, cache.generation(), page(random()));
    expect(cache.get('1')).toBeUndefined();
    expect(cache.get('4')).toBeDefined();
  });

  it('answers in the encoding asked for, with its own policy and a validator', async () => {
    const cache = createHtmlCache();
    const entry = cache.set('k', cache.generation(), page('<p>héllo</p>'));
    const br = await htmlCacheResponse(entry, get('/', { 'accept-encoding': 'gzip, br' }), {}, true);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('x-souk-cache')).toBe('hit');
    expect(br.headers.get('content-security-policy')).toBe("script-src 'self'");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('<p>héllo</p>');
    expect(await (await htmlCacheResponse(entry, get('/'), {}, false)).text()).toBe('<p>héllo</p>');
    const again = await htmlCacheResponse(entry, get('/', { 'if-none-match': entry.etag }), {}, true);
    expect(again.status).toBe(304);
  });

  it('compresses only in the encoding asked for, when first asked, and keeps it', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const gzip = vi.spyOn(zlib, 'gzip');
    try {
      const cache = createHtmlCache();
      const entry = cache.set('k', cache.generation(), page('<p>only once</p>'));
      expect(brotli).not.toHaveBeenCalled();
      expect(gzip).not.toHaveBeenCalled();
      const first = await htmlCacheResponse(cache.get('k')!, get('/', { 'accept-encoding': 'gzip, deflate, br' }), {}, false);
      expect(zlib.brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString()).toBe('<p>only once</p>');
      expect(brotli).toHaveBeenCalledTimes(1);
      // the fast brotli (q5) for the first answer; not on the thread that renders (the asynchronous zlib)
      expect((brotli.mock.calls[0][1] as zlib.BrotliOptions).params?.[zlib.constants.BROTLI_PARAM_QUALITY]).toBe(5);
      expect(gzip).not.toHaveBeenCalled();
      const gzipped = await htmlCacheResponse(entry, get('/', { 'accept-encoding': 'gzip' }), {}, true);
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(zlib.gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe('<p>only once</p>');
      await htmlCacheResponse(entry, get('/', { 'accept-encoding': 'gzip' }), {}, true);
      expect(gzip).toHaveBeenCalledTimes(1);
    } finally {
      brotli.mockRestore();
      gzip.mockRestore();
    }
  });

  it('compresses a page asked for again once more at brotli’s best quality, in the background, and serves that', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    try {
      const cache = createHtmlCache();
      // a page like a real one: repetitive markup, where q11 finds more than q5
      const html = Array.from({ length: 400 }, (_, i) => `<li class="item_${i % 7}"><a href="/firm-${i}">Firm ${i * 37}</a></li>`).join('');
      const entry = cache.set('k', cache.generation(), page(html));
      const br = { 'accept-encoding': 'br' };
      const fast = Buffer.from(await (await htmlCacheResponse(entry, get('/', br), {}, false)).arrayBuffer());
      // asked again: answered at once with what it has, the better one made meanwhile
      const second = Buffer.from(await (await htmlCacheResponse(entry, get('/', br), {}, true)).arrayBuffer());
      expect(second.equals(fast)).toBe(true);
      const qualities = () =>
        brotli.mock.calls.map((call) => (call[1] as zlib.BrotliOptions).params?.[zlib.constants.BROTLI_PARAM_QUALITY]);
      expect(qualities()).toEqual([5, 11]);
      await vi.waitFor(async () => {
        const later = Buffer.from(await (await htmlCacheResponse(entry, get('/', br), {}, true)).arrayBuffer());
        expect(later.length).toBeLessThan(fast.length);
        expect(zlib.brotliDecompressSync(later).toString()).toBe(html);
      });
      // made once
      await htmlCacheResponse(entry, get('/', br), {}, true);
      expect(qualities()).toEqual([5, 11]);
    } finally {
      brotli.mockRestore();
    }
  });
});
