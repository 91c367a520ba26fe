import http from 'node:http';
import zlib from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectInlineScriptsAllowed } from './support/csp';

/**
 * Server rendering of the public pages (docs/decisions/006-server-rendered-public-pages.md): a QR scan
 * gets the firm in the first HTML response, with the head a link preview reads, and the browser
 * takes that HTML over (hydration) without re-rendering it.
 */

interface FirmSummary {
  username: string;
  name: string;
}

async function seededFirm(request: APIRequestContext): Promise<FirmSummary> {
  const response = await request.get('/api/public/firms?size=1');
  expect(response.ok()).toBe(true);
  const firm = ((await response.json()) as { content: FirmSummary[] }).content[0];
  expect(firm, 'the demo seed has firms').toBeTruthy();
  return firm;
}

const escapeHtml = (value: string) => value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the first HTML response of /{username} holds the firm, its title and a canonical link', async ({ request, baseURL }) => {
  const firm = await seededFirm(request);
  // Plain HTTP, no JavaScript: what a crawler, a link preview or a slow phone gets first.
  const response = await fetch(`${baseURL}/${firm.username}`, { headers: { Accept: 'text/html' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  const html = await response.text();

  expect(html).toContain(escapeHtml(firm.name));
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/${escapeRegExp(firm.username)}">`, 'i'));
  expect(html).toMatch(new RegExp(`<title>[^<]*${escapeRegExp(escapeHtml(firm.name))}[^<]*</title>`));
  expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
  // The dehydrated state rides along, allowed by the response's CSP: by its hash when the page came
  // from the rendered-HTML cache (no per-response nonce), by the nonce when it was rendered for this
  // request (sent head-first as it rendered).
  expect(html).toMatch(/<script( nonce="[^"]+")? data-tsr-stream-part>/);
  expect(expectInlineScriptsAllowed(html, response.headers.get('content-security-policy'))).toBe(
    response.headers.get('x-souk-cache') === 'hit' ? 'hash' : 'nonce',
  );
});

/** The response as it arrives (node's http, brotli): each chunk decompressed on its own, with its time. */
function brotliChunks(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; chunks: { at: number; text: string }[] }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers: { accept: 'text/html', 'accept-encoding': 'br', ...headers } }, (response) => {
        const inflate = zlib.createBrotliDecompress();
        const chunks: { at: number; text: string }[] = [];
        let pending = Promise.resolve();
        response.on('data', (chunk: Buffer) => {
          const at = performance.now() - started;
          pending = pending.then(
            () =>
              new Promise<void>((done) => {
                let text = '';
                const take = (data: Buffer) => (text += data.toString());
                inflate.on('data', take);
                inflate.write(chunk, () =>
                  inflate.flush(() => {
                    inflate.off('data', take);
                    chunks.push({ at, text });
                    done();
                  }),
                );
              }),
          );
        });
        response.on('end', () => void pending.then(() => resolve({ status: response.statusCode ?? 0, chunks })));
      })
      .on('error', reject);
  });
}

test('head-first: an uncached render sends the start of the page, with the hero’s preload, before the body', async ({
  request,
  baseURL,
}) => {
  const firm = await seededFirm(request);
  // a query of its own: rendered for this request, not from the cache
  const { status, chunks } = await brotliChunks(`${baseURL}/${firm.username}?head-first=${Date.now()}`);
  expect(status).toBe(200);
  const body = chunks.findIndex((chunk) => chunk.text.includes('<body'));
  expect(body, 'the start came in a chunk of its own').toBeGreaterThan(0);
  const start = chunks
    .slice(0, body)
    .map((chunk) => chunk.text)
    .join('');
  expect(start).toMatch(/^<!doctype html>\s*<html lang="en" dir="ltr">/);
  expect(start).toContain('<meta charset="UTF-8"');
  expect(start).toMatch(/<link rel="preload" as="image" imagesrcset="[^"]+" imagesizes="[^"]+" fetchpriority="high">/);
  expect(start).not.toContain('<style>');
  expect(start).not.toContain('id="root"');
  const html = chunks.map((chunk) => chunk.text).join('');
  expect(html).toContain(escapeHtml(firm.name));
  expect(html).toMatch(/<\/html>\s*$/);
  console.log(`head-first: start at ${chunks[body - 1].at.toFixed(0)} ms, body at ${chunks[body].at.toFixed(0)} ms`);
});

test('an unknown firm is a real 404 with the 404 page, rendered on the server', async ({ baseURL }) => {
  const response = await fetch(`${baseURL}/no-such-firm-here-42`, { headers: { Accept: 'text/html' } });
  expect(response.status).toBe(404);
  const html = await response.text();
  expect(html).toContain('data-ssr');
  expect(html).toContain('The page you are looking for is not found or has been changed.');
});

test('a missing event and a missing blog post are real 404s with the spec’s text, rendered on the server', async ({ baseURL }) => {
  for (const [path, text] of [
    ['/event/zzzzzzzzzz', 'Event not found.'],
    ['/blog/zzzzzzzzzz', 'The page you are looking for is not found or has been changed.'],
  ]) {
    const response = await fetch(`${baseURL}${path}`, { headers: { Accept: 'text/html' } });
    expect(response.status, path).toBe(404);
    const html = await response.text();
    expect(html).toContain('data-ssr');
    expect(html).toContain(text);
  }
});

/**
 * Collects hydration errors (React's, uncaught ones) and keeps the server's <h1> as parsed, before any script of the
 * page runs, for `expectServerHeadingAdopted`.
 */
async function watchHydration(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|react|minified/i.test(message.text())) problems.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { ssrHeading: Element | null }).ssrHeading = document.querySelector('#root h1');
    });
  });
  return problems;
}

/** The server's heading element is still the one on screen: React adopted it, not replaced it. */
async function expectServerHeadingAdopted(page: Page): Promise<void> {
  const adopted = await page.evaluate(() => {
    const heading = (window as unknown as { ssrHeading: Element | null }).ssrHeading;
    return !!heading && heading.isConnected && heading === document.querySelector('#root h1');
  });
  expect(adopted, 'the <h1> on screen is the one from the server HTML').toBe(true);
}

test('a server-rendered 404 hydrates without a mismatch, keeping the server’s page while its file loads', async ({ page }) => {
  // The 404 page is not in the client's entry (src/client/router.tsx): its server HTML must stay, not a spinner.
  const problems = await watchHydration(page);
  await page.goto('/no-such-firm-here-42');
  await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expectServerHeadingAdopted(page);
  expect(problems).toEqual([]);
});

test('the server-rendered firm page shows its content without JavaScript', async ({ browser, request }) => {
  const firm = await seededFirm(request);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/${firm.username}`);
  await expect(page.getByRole('heading', { level: 1, name: firm.name })).toBeVisible();
  await context.close();
});

test('the firm page hydrates without a mismatch or any error', async ({ page, request }) => {
  const firm = await seededFirm(request);
  const problems = await watchHydration(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    // reads only: the page view's beacon (a POST) is a count, not data read again
    if (pathname.startsWith('/api/') && request.method() === 'GET') reads.push(pathname);
  });
  await page.goto(`/${firm.username}`);
  // The router's bootstrap global is removed once hydration has finished.
  await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: firm.name })).toBeVisible();
  // What the server rendered came with the page (a category of its own, not the whole taxonomy):
  // hydration reads none of the public data again (what it asks is the visitor's own:
  // the feature flags, whether they follow the firm). The reviews load after the page, and the industries once it
  // is idle (they load at start, like the flags: components/feedback/layers.tsx).
  await page.waitForTimeout(1_000);
  const publicReads = reads.filter(
    (path) => /^\/api\/(public|user\/explore)\//.test(path) && !/\/reviews/.test(path) && path !== '/api/user/explore/industries',
  );
  expect(reads.length, 'the listener sees the page’s API requests').toBeGreaterThan(0);
  expect(publicReads).toEqual([]);
  await expectServerHeadingAdopted(page);
  expect(problems).toEqual([]);
});
