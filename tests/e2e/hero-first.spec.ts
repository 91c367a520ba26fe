import { expect, test } from '@playwright/test';
import { expectInlineScriptsAllowed, inlineScripts } from './support/csp';

/**
 * On a server-rendered page the hero image goes first: its head preloads the hero rendition, and
 * the scripts load only after it (src/client/ssr/deferred-scripts.ts); on a slow link they would
 * otherwise share the bandwidth the hero image needs.
 */

async function seededFirm(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/public/firms?size=1`);
  return ((await response.json()) as { content: Array<{ username: string }> }).content[0].username;
}

test('the firm page HTML names no script to fetch; its loader is allowed by the CSP', async ({ baseURL }) => {
  const response = await fetch(`${baseURL}/${await seededFirm(baseURL!)}`, { headers: { Accept: 'text/html' } });
  const html = await response.text();
  expect(html).not.toMatch(/<script type="module"/);
  expect(html).not.toMatch(/<link rel="modulepreload"/);
  expect(inlineScripts(html).some((script) => script.text.startsWith('('))).toBe(true);
  expectInlineScriptsAllowed(html, response.headers.get('content-security-policy'));
  expect(html).toMatch(/fetchpriority="high"/i);
});

test('the head preloads the hero rendition the page shows, before the inline styles, and it is fetched once', async ({ page, baseURL }) => {
  const username = await seededFirm(baseURL!);
  const html = await (await fetch(`${baseURL}/${username}`, { headers: { Accept: 'text/html' } })).text();
  const preload = /<link rel="preload" as="image" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/.exec(html);
  expect(preload, 'a hero preload in the head').toBeTruthy();
  expect(html.indexOf(preload![0])).toBeLessThan(html.indexOf('<style>'));
  const img = /<img[^>]*fetchPriority="high"[^>]*>/.exec(html)![0];
  expect(img).toContain(`srcSet="${preload![1]}"`);
  expect(img).toContain(`sizes="${preload![2]}"`);

  const heroRequests: string[] = [];
  page.on('request', (request) => request.url().includes('/media/') && heroRequests.push(request.url()));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${username}`);
  await page.waitForLoadState('networkidle');
  const first = heroRequests.find((url) => preload![1].includes(new URL(url).pathname));
  expect(first).toBeTruthy();
  expect(heroRequests.filter((url) => url === first)).toHaveLength(1);
});

test('the browser fetches the entry script only after the hero image, then hydrates', async ({ page, baseURL }) => {
  const username = await seededFirm(baseURL!);
  const events: string[] = [];
  page.on('requestfinished', (request) => {
    if (/\/media\/.+\/large\.webp$/.test(request.url())) events.push('hero done');
  });
  page.on('request', (request) => {
    if (/\/assets\/index-[^/]+\.js$/.test(request.url())) events.push('entry requested');
  });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  // A slow hero image, as on 3G: the entry must wait for it.
  await page.route(/\/media\/.+\/large\.webp$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/${username}`);
  await expect.poll(() => events).toContain('entry requested');
  expect(events.indexOf('hero done')).toBeGreaterThanOrEqual(0);
  expect(events.indexOf('hero done')).toBeLessThan(events.indexOf('entry requested'));
  // Hydrated: Follow is a React handler; signed out, it asks to log in.
  await expect(async () => {
    await page.getByRole('button', { name: 'Follow' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in to continue' })).toBeVisible({ timeout: 1000 });
  }).toPass();
  expect(errors).toEqual([]);
});

test('explore pages name one main picture, the first card, so their scripts wait for it too', async ({ baseURL }) => {
  for (const path of ['/explore', '/events', '/food']) {
    const html = await (await fetch(`${baseURL}${path}`, { headers: { Accept: 'text/html' } })).text();
    const priority = html.match(/<img[^>]*fetchPriority="high"[^>]*>/g) ?? [];
    expect(priority, path).toHaveLength(1);
    expect(priority[0], path).toContain('loading="eager"');
  }
});
