import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdaptorServer } from '@hono/node-server';
import type { AppDeps } from '../app-deps';
import { renderHeadFirst, shellRest } from './head-first';
import { pageEncoding } from './static-files';

type Render = NonNullable<AppDeps['render']>;

const START =
  '<!doctype html><html lang="en" dir="ltr"><head><meta charset="UTF-8"><title>Atelier</title><link rel="preload" as="image" imagesrcset="/media/a/small.webp 320w" fetchpriority="high">';
const REST = '<style>.a{color:red}</style></head><body><div id="root" data-ssr=""><h1>Atelier</h1></div></body></html>';
const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Souk</title><meta name="description" content="x" />' +
  '<script type="module" crossorigin src="/assets/index.js"></script><link rel="stylesheet" crossorigin href="/assets/app.css"></head><body><div id="root"></div></body></html>';

/** Holds this thread as renderToString does: nothing else runs meanwhile, no timer, no socket write. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** A renderer that sends the start, then renders for `ms` on this thread; `fail` throws instead of finishing. */
const slowRender =
  (ms: number, fail = false): Render =>
  async (_request, _nonce, onHead) => {
    await onHead?.({ status: 200, html: START });
    busy(ms);
    if (fail) throw new Error('render failed');
    return { status: 200, html: START + REST };
  };

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

const errors: unknown[] = [];

/** The real response writer (Hono's node adapter) around renderHeadFirst, on a free port. */
async function serve(render: Render): Promise<string> {
  const server = createAdaptorServer({
    fetch: async (request: Request) => {
      const first = await renderHeadFirst(render, request, 'n', {
        encoding: pageEncoding(request.headers.get('accept-encoding') ?? ''),
        fallback: shellRest(SHELL),
        onError: (error) => errors.push(error),
      });
      if (first.kind === 'whole') return new Response(first.page?.html ?? 'shell', { status: first.page?.status ?? 200 });
      const encoding = pageEncoding(request.headers.get('accept-encoding') ?? '');
      return new Response(first.body, { status: first.status, headers: encoding ? { 'Content-Encoding': encoding } : {} });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/**
 * Another process reads the response (this one is held by the render): each chunk as it arrives,
 * with its time and the text it decompresses to.
 */
function readChunks(url: string, encoding: string): Promise<{ at: number; text: string }[]> {
  const script = `
    const http = require('node:http'), zlib = require('node:zlib');
    const t0 = performance.now();
    http.get(process.argv[1], { headers: { 'accept-encoding': process.argv[2] } }, (res) => {
      const inflate = process.argv[2] === 'br' ? zlib.createBrotliDecompress() : process.argv[2] === 'gzip' ? zlib.createGunzip() : null;
      const chunks = [];
      let pending = Promise.resolve();
      res.on('data', (chunk) => {
        const at = performance.now() - t0;
        pending = pending.then(() => new Promise((resolve) => {
          if (!inflate) return resolve(chunks.push({ at, text: chunk.toString() }));
          let text = '';
          const take = (data) => (text += data);
          inflate.on('data', take);
          inflate.write(chunk, () => inflate.flush(() => { inflate.off('data', take); chunks.push({ at, text }); resolve(); }));
        }));
      });
      res.on('end', () => pending.then(() => console.log(JSON.stringify(chunks))));
    });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, url, encoding]);
    let out = '';
    child.stdout.on('data', (data: Buffer) => (out += data.toString()));
    child.stderr.on('data', (data: Buffer) => (out += data.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(out))));
  });
}

describe('head-first: the start of the page leaves before the body is rendered', () => {
  it.each(['br', 'gzip', 'identity'])('%s: the hero preload arrives in a chunk of its own, long before the body', async (encoding) => {
    const url = await serve(slowRender(400));
    const chunks = await readChunks(url, encoding);
    const body = chunks.findIndex((chunk) => chunk.text.includes('<body'));
    expect(body).toBeGreaterThan(0);
    // what came before the body (gzip's header may be a chunk of its own): the start only, charset
    // and the hero's preload, nothing of the CSS or the body
    const before = chunks.slice(0, body);
    expect(before.map((chunk) => chunk.text).join('')).toBe(START);
    expect(START).toContain('rel="preload" as="image"');
    // it left while the render still held the server's thread
    expect(chunks[body].at - before.at(-1)!.at).toBeGreaterThan(250);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(START + REST);
  });

  it('a render that fails after the start finishes the document as the client shell: a whole page, never half of one', async () => {
    errors.length = 0;
    const url = await serve(slowRender(50, true));
    const text = (await readChunks(url, 'br')).map((chunk) => chunk.text).join('');
    expect(text).toBe(START + shellRest(SHELL));
    // the client renders it: the entry script and stylesheet, an empty root, one description (the routes')
    expect(text).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
    expect(text).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
    expect(text).toMatch(/<body><div id="root"><\/div><\/body><\/html>$/);
    expect(text).not.toContain('name="description"');
    expect(text.match(/<html/g)).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it('gives the whole page for the cache once rendered; a render that sends no start is answered whole', async () => {
    const request = new Request('http://x/');
    const streamed = await renderHeadFirst(slowRender(0), request, 'n', { encoding: 'br', fallback: '', onError: () => {} });
    expect(streamed.kind).toBe('streamed');
    expect(await streamed.page).toEqual({ status: 200, html: START + REST });
    const failed = await renderHeadFirst(slowRender(0, true), request, 'n', { encoding: undefined, fallback: 'shell', onError: () => {} });
    expect(await failed.page).toBeNull();

    const whole = await renderHeadFirst(async () => ({ status: 404, html: '<p>no</p>' }), request, 'n', {
      encoding: 'br',
      fallback: '',
      onError: () => {},
    });
    expect(whole).toEqual({ kind: 'whole', page: { status: 404, html: '<p>no</p>' } });
    expect(await renderHeadFirst(async () => null, request, 'n', { encoding: 'br', fallback: '', onError: () => {} })).toEqual({
      kind: 'whole',
      page: null,
    });
    // a render that fails before its start: the caller serves the shell, as before
    await expect(
      renderHeadFirst(
        async () => {
          throw new Error('loader');
        },
        request,
        'n',
        { encoding: 'br', fallback: '', onError: () => {} },
      ),
    ).rejects.toThrow('loader');
  });
});
