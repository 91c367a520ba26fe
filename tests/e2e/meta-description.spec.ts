import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';

/**
 * Every public page has a meta description (Lighthouse SEO 92 on the landing): in the
 * server's first response, and still after hydration, once the layers that sync the head with
 * navigation have mounted (they used to remove the landing's, its route giving none). The landing's
 * is the site's description in the visitor's language.
 */

const landingDescription = (language: string) =>
  (JSON.parse(fs.readFileSync(`src/client/locales/${language}/landing.json`, 'utf8')) as { meta: { description: string } }).meta
    .description;

const escapeHtml = (value: string) => value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

async function descriptionAfterHydration(browser: Browser, path: string, locale: string): Promise<string[]> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 30_000 });
  // the layers (lib/page-head.ts useHeadSync) arrive in a lazy chunk after hydration
  await page.waitForLoadState('networkidle');
  const contents = await page
    .locator('meta[name="description"]')
    .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content') ?? ''));
  await context.close();
  return contents;
}

async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const firm = ((await (await request.get('/api/public/firms?size=1')).json()) as { content: { username: string }[] }).content[0];
  const post = ((await (await request.get('/api/public/blog-posts?size=1')).json()) as { content: { shortId: string }[] }).content[0];
  const event = (
    (await (await request.post('/api/public/events?page=0&size=1', { data: {} })).json()) as { content: { shortId: string }[] }
  ).content[0];
  expect(firm && post && event, 'the demo seed has a firm, a blog post and an event').toBeTruthy();
  return [`/${firm.username}`, `/event/${event.shortId}`, `/blog/${post.shortId}`, '/explore', '/blog'];
}

for (const language of ['en', 'ar', 'fr']) {
  test(`the landing's description is the site's, in ${language}, from the server and after hydration`, async ({ browser, baseURL }) => {
    const expected = landingDescription(language);
    const html = await (await fetch(`${baseURL}/`, { headers: { accept: 'text/html', 'accept-language': language } })).text();
    expect(html.match(/<meta name="description"[^>]*>/g)).toEqual([`<meta name="description" content="${escapeHtml(expected)}">`]);
    expect(await descriptionAfterHydration(browser, '/', language)).toEqual([expected]);
  });
}

test('the firm, event, blog post, blog and explore pages each have a description of their own, kept after hydration', async ({
  browser,
  request,
  baseURL,
}) => {
  const site = landingDescription('en');
  for (const path of await publicPaths(request)) {
    const html = await (await fetch(`${baseURL}${path}`, { headers: { accept: 'text/html' } })).text();
    const server = [...html.matchAll(/<meta name="description" content="([^"]*)">/g)].map((match) => match[1]);
    expect(server, path).toHaveLength(1);
    expect(server[0].length, path).toBeGreaterThan(20);
    expect(server[0], `${path}: its own, not the site's`).not.toBe(escapeHtml(site));
    const browserSide = await descriptionAfterHydration(browser, path, 'en');
    expect(browserSide, path).toHaveLength(1);
    expect(browserSide[0].length, path).toBeGreaterThan(20);
  }
});
