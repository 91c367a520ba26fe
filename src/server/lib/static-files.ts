import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg)/;

export interface StaticFile {
  type: string;
  etag: string;
  cacheControl: string;
  raw: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/** Cache policy: hashed build output forever, the worker and HTML always revalidated. */
export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (urlPath.endsWith('.html') || urlPath === '/sw.js' || urlPath.endsWith('.webmanifest')) return 'no-cache';
  return 'public, max-age=86400';
}

/**
 * Loads the built client into memory once, compressed ahead of time with brotli and gzip, so a
 * request costs a map lookup. The build is a few hundred kilobytes; memory is not a concern.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(root)) return files;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === '.vite') continue; // build metadata (the Vite manifest), not a public file
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const urlPath = '/' + path.relative(root, full).split(path.sep).join('/');
      files.set(urlPath, prepareFile(urlPath, fs.readFileSync(full)));
    }
  };
  walk(root);
  return files;
}

export function prepareFile(urlPath: string, raw: Buffer, cacheControl = cacheControlFor(urlPath)): StaticFile {
  const type = TYPES[path.extname(urlPath).toLowerCase()] ?? 'application/octet-stream';
  const file: StaticFile = {
    type,
    raw,
    cacheControl,
    etag: `"${crypto.createHash('sha1').update(raw).digest('base64url').slice(0, 16)}"`,
  };
  if (COMPRESSIBLE.test(type) && raw.length > 512) {
    file.gzip = zlib.gzipSync(raw, { level: 9 });
    file.br = zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
  }
  return file;
}

/** Builds the response for a prepared file, honouring If-None-Match and Accept-Encoding. */
export function staticResponse(file: StaticFile, request: Request, extraHeaders?: Record<string, string>): Response {
  const headers = new Headers(extraHeaders);
  headers.set('Content-Type', file.type);
  headers.set('Cache-Control', file.cacheControl);
  headers.set('ETag', file.etag);
  if (file.gzip) headers.set('Vary', 'Accept-Encoding');
  if (request.headers.get('if-none-match') === file.etag) return new Response(null, { status: 304, headers });
  const accept = request.headers.get('accept-encoding') ?? '';
  let body: Buffer = file.raw;
  if (file.br && /\bbr\b/.test(accept)) {
    body = file.br;
    headers.set('Content-Encoding', 'br');
  } else if (file.gzip && /\bgzip\b/.test(accept)) {
    body = file.gzip;
    headers.set('Content-Encoding', 'gzip');
  }
  headers.set('Content-Length', String(body.length));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

/**
 * A rendered page is compressed per response (a few milliseconds for tens of kilobytes), off the
 * JavaScript thread (compressPage): brotli at a fast quality when accepted, else gzip. Sets
 * Content-Encoding in `headers`.
 */
export async function compressHtml(html: string, acceptEncoding: string, headers: Record<string, string>): Promise<BodyInit> {
  const encoding = pageEncoding(acceptEncoding);
  if (!encoding) return html;
  headers['Content-Encoding'] = encoding;
  return compressPage(html, encoding);
}

export type PageEncoding = 'br' | 'gzip';

/** The encoding a rendered page is sent in: brotli when accepted, else gzip, else none. */
export function pageEncoding(acceptEncoding: string): PageEncoding | undefined {
  return /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : undefined;
}

/**
 * Brotli at a fast quality (q5: ~2 ms for the firm page, 13.6 KB; q11 takes ~150 ms for 12.4 KB),
 * gzip at its default level. Asynchronous: zlib works in libuv's thread pool, so the thread that
 * renders and answers everything else goes on meanwhile (brotli of each rendered page was
 * 11 % of that thread's time in a cold request). `quality` 11 is for a page asked again
 * (lib/html-cache.ts).
 */
export function compressPage(html: string, encoding: PageEncoding, quality = 5): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(new Uint8Array(result)));
    if (encoding === 'gzip') zlib.gzip(html, { level: 6 }, done);
    else
      zlib.brotliCompress(
        html,
        { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } },
        done,
      );
  });
}
