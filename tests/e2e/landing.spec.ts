import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { logInWithForm } from './support/auth';

/**
 * `/` for a first-time visitor (no session): the signed-out landing is in the first HTML response
 * (the server reads the `souk_session` hint cookie, src/shared/session-hint.ts), the browser takes
 * it over without a loading indicator, a mismatch or a layout shift. A signed-in visitor keeps the
 * spec's behaviour: a loading indicator while the login state loads, then the feed teaser.
 */

const landing = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'src/client/locales/en/landing.json'), 'utf8')) as { titles: string[] };
/** The signed-in home: the member's feed, or its empty state (a demo member may follow firms that posted lately). */
const FEED_HEADING = /^(Your feed|Your Feed\. Upgraded\. Stay Tuned\.)$/;
/** PageSpinner's markup (components/feedback/page-spinner.tsx) */
const SPINNER = '[role="status"][aria-live="polite"]';

const decodeHtml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');

/** The landing's <h1> text in a server response, or undefined. */
function heroHeading(html: string): string | undefined {
  const match = /<h1[^>]*id="landing-title"[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? decodeHtml(match[1].replace(/<!--[\s\S]*?-->/g, '')) : undefined;
}

/** Records, from before any script of the page runs: console errors, page errors, spinners seen, layout shifts. */
async function watch(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.addInitScript((spinner) => {
    const w = window as unknown as { seen: { spinner: boolean; cls: number; ssrHeading: Element | null; ssrText: string | null } };
    w.seen = { spinner: false, cls: 0, ssrHeading: null, ssrText: null };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.seen.cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const check = () => {
      if (document.querySelector(`#root ${spinner}`)) w.seen.spinner = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      check();
      w.seen.ssrHeading = document.querySelector('#root h1');
      w.seen.ssrText = w.seen.ssrHeading?.textContent ?? null;
    });
  }, SPINNER);
  return problems;
}

test('the first HTML of / for a visitor without a session is the signed-out landing, no spinner', async ({ request }) => {
  // Plain HTTP, no cookies, no JavaScript: what a first-time visitor's browser gets first.
  const response = await request.get('/', { headers: { Accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('data-ssr');
  const heading = heroHeading(html);
  expect(heading, 'the landing hero heading is in the HTML').toBeDefined();
  expect(landing.titles).toContain(heading);
  expect(html).not.toContain('role="status" aria-live="polite"');
  // nobody signed in: the server does not hand out a session hint
  expect(response.headers()['set-cookie'] ?? '').not.toContain('souk_session');
});

test('the landing hydrates in place: no spinner, no mismatch or console error, the same headline, no layout shift', async ({ page }) => {
  const problems = await watch(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const checkSession: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/iam/auth/check-session')) checkSession.push(request.url());
  });
  await page.goto('/');
  // The router's bootstrap global is removed once hydration has finished.
  await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 15_000 });
  const heading = page.locator('#landing-title');
  await expect(heading).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore' }).first()).toBeVisible();
  // let anything that would happen after hydration happen
  await page.waitForTimeout(1_000);

  const seen = await page.evaluate(() => {
    const w = window as unknown as { seen: { spinner: boolean; cls: number; ssrHeading: Element | null; ssrText: string | null } };
    return {
      spinner: w.seen.spinner,
      cls: w.seen.cls,
      ssrText: w.seen.ssrText,
      adopted: !!w.seen.ssrHeading && w.seen.ssrHeading.isConnected && w.seen.ssrHeading === document.querySelector('#root h1'),
      text: document.querySelector('#landing-title')?.textContent ?? null,
      hint: document.cookie.includes('souk_session='),
    };
  });
  expect(seen.spinner, 'a spinner was shown').toBe(false);
  expect(landing.titles).toContain(seen.ssrText);
  // React adopted the server's heading and kept the server's headline
  expect(seen.adopted).toBe(true);
  expect(seen.text).toBe(seen.ssrText);
  expect(seen.cls).toBeLessThan(0.01);
  expect(seen.hint).toBe(false);
  // no session hint: nothing to ask the server about
  expect(checkSession).toEqual([]);
  expect(problems).toEqual([]);
});

test('after logging in, / shows the feed teaser (a loading indicator while the login state loads)', async ({ page, context }) => {
  await logInWithForm(page, 'layla@souk.test');
  expect((await context.cookies()).find((cookie) => cookie.name === 'souk_session')?.value).toBe('1');

  // With the hint, the server cannot know who it is: the first HTML has the loading indicator.
  const html = await (await context.request.get('/', { headers: { Accept: 'text/html' } })).text();
  expect(html).toContain('role="status" aria-live="polite"');
  expect(heroHeading(html)).toBeUndefined();

  const problems = await watch(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: FEED_HEADING })).toBeVisible();
  await expect(page.locator('#landing-title')).toHaveCount(0);
  expect(problems).toEqual([]);
});
