import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { Scalar } from '@scalar/hono-api-reference';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { completeDocument, createRoute, createRouter, json, media, problems, type Router } from '../lib/openapi';
import { docsContentSecurityPolicy, inlineScriptHashes } from '../lib/security';

const tags = ['API contract'];

const document = createRoute({
  method: 'get',
  path: '/openapi.json',
  tags,
  summary: 'This OpenAPI 3.1 document',
  responses: {
    200: json(z.record(z.string(), z.unknown()), 'Every route of the API with its request and response schemas.'),
    ...problems(),
  },
});
const reference = createRoute({
  method: 'get',
  path: '/docs',
  tags,
  summary: 'A readable reference of this document (Scalar)',
  responses: { 200: media('text/html', 'The reference page.', 'text'), ...problems() },
});
const referenceScript = createRoute({
  method: 'get',
  path: '/docs/scalar.js',
  tags,
  summary: "The reference page's script, served from this server (no CDN)",
  responses: { 200: media('text/javascript', "Scalar's standalone bundle.", 'text'), ...problems() },
});

/** Scalar's standalone bundle, from node_modules: compressed once, on the first request. */
function standaloneScript() {
  let loaded: { raw: Buffer; gzip: Buffer; br: Buffer; etag: string } | undefined;
  return () => {
    if (!loaded) {
      const file = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
      const raw = fs.readFileSync(file);
      loaded = {
        raw,
        gzip: zlib.gzipSync(raw, { level: 6 }),
        br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
        etag: `"${crypto.createHash('sha1').update(raw).digest('base64url').slice(0, 16)}"`,
      };
    }
    return loaded;
  };
}

/**
 * `/api/openapi.json` (the contract of every route of `app`, built once on first request) and
 * `/api/docs`, its reference page. The page's script comes from this server, so the reference
 * works offline and without a CDN; the page has its own CSP (lib/security.ts).
 */
export function docsRoutes(app: Router, { version }: Pick<AppDeps, 'version'>) {
  let built: unknown;
  const script = standaloneScript();
  // Scalar's Hono handler renders the page (its HTML and inline configuration) once. Nothing on
  // it may reach another site: no web fonts, no telemetry, no hosted client, no AI agent (the
  // bundle knows `agent`; this version's types do not, hence the separate object).
  const offline = { agent: { disabled: true } };
  const scalar = new Hono().get(
    '/',
    Scalar({
      ...offline,
      url: '/api/openapi.json',
      cdn: '/api/docs/scalar.js',
      pageTitle: 'Souk API reference',
      favicon: '/favicon.svg',
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      showDeveloperTools: 'never',
    }),
  );
  let html: Promise<string> | undefined;

  return createRouter()
    .openapi(document, (c) => {
      built ??= completeDocument(
        app.getOpenAPI31Document({
          openapi: '3.1.0',
          info: {
            title: 'Souk API',
            version,
            description:
              'The HTTP API of Souk. Errors are RFC 9457 problem details (`application/problem+json`); ' +
              'lists are paged as `{content, first, last, page, size, totalElements, totalPages}`, pages zero-based. ' +
              'Unsafe methods must come from the same origin (Origin / Sec-Fetch-Site).',
          },
        }),
      );
      c.header('Cache-Control', 'no-cache');
      return c.json(built as Record<string, unknown>, 200);
    })
    .openapi(reference, async (c) => {
      html ??= Promise.resolve(scalar.request('/')).then((response) => response.text());
      const body = await html;
      return c.html(body, 200, {
        'Content-Security-Policy': docsContentSecurityPolicy(inlineScriptHashes(body)),
        'Cache-Control': 'no-cache',
      });
    })
    .openapi(referenceScript, (c) => {
      const { raw, gzip, br, etag } = script();
      const headers: Record<string, string> = {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
        ETag: etag,
        Vary: 'Accept-Encoding',
      };
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      const accept = c.req.header('accept-encoding') ?? '';
      if (/\bbr\b/.test(accept)) return c.body(new Uint8Array(br), 200, { ...headers, 'Content-Encoding': 'br' });
      if (/\bgzip\b/.test(accept)) return c.body(new Uint8Array(gzip), 200, { ...headers, 'Content-Encoding': 'gzip' });
      return c.body(new Uint8Array(raw), 200, headers);
    });
}
