import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support/auth';

/**
 * The abuse cases that need the built client and its server renderer: replacement patterns
 * in the URL ($` $' $&) must not multiply the page, and the page must still hydrate; a malformed
 * language cookie must not switch server rendering off; a person's page with a dot in its name is
 * a page, not a missing file. (The server-side abuse cases: src/server/attack/.)
 */

const PATTERNS = ['$`', "$'", '$&', '$`$`$`$`$`'];

test('replacement patterns in the URL give a page of normal size that hydrates', async ({ page, request }) => {
  const normal = await (await request.get('/explore?name=coffee')).text();
  for (const pattern of PATTERNS) {
    const response = await request.get(`/explore?name=${encodeURIComponent(pattern)}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    // the value does reach the page (the search field, the router's state)
    if (pattern === '$`') expect(html).toContain('$`');
    expect(html.match(/<!doctype html>/gi), pattern).toHaveLength(1);
    expect(html.match(/<div id="root"/g), pattern).toHaveLength(1);
    // the same page as any other query, give or take the query itself
    expect(Math.abs(html.length - normal.length), pattern).toBeLessThan(2000);
  }

  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // the issue's URL: five copies of the document and a script that did not parse
  await page.goto(`/explore?name=${encodeURIComponent('$`')}`);
  await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 15_000 });
  await expect(page.locator('#root h1').first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('replacement patterns in stored content (a firm’s name) give one page of normal size that hydrates', async ({ page }) => {
  // The owner renames the firm through the workspace's business-profile API, as a real edit would.
  // sharp-and-co: a firm no other e2e test reads; its owner is ethan@.
  const url = '/sharp-and-co';
  const api = page.request;
  const before = await (await api.get(url)).text();
  expect(before).toContain('Sharp &amp; Co Barbers');
  const login = await api.post('/api/iam/login/email', { data: { email: 'ethan@souk.test', password: DEMO_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const firms = (await (await api.get('/api/business/employments/with-firms')).json()) as { firmId: string }[];
  const rename = async (name: string) => {
    for (const { firmId } of firms) {
      const { firm } = (await (await api.get(`/api/dashboard/firms/dash-firm?firmId=${firmId}`)).json()) as {
        firm: Record<string, unknown>;
      };
      if (firm.username !== 'sharp-and-co') continue;
      // the profile as it is, renamed (the input schema drops the fields it does not edit)
      const profile = { ...firm, name };
      const saved = await api.put(`/api/dashboard/firms/profile?firmId=${firmId}`, { data: profile });
      expect(saved.status(), await saved.text()).toBe(200);
      return;
    }
    throw new Error('ethan@ does not own sharp-and-co');
  };
  const name = "Sharp $` $' $& $`$`$` Co";
  await rename(name);
  try {
    // signed out, the page as a visitor who scanned the QR code gets it
    await page.context().clearCookies();
    let html = '';
    await expect
      .poll(async () => (html = await (await api.get(url)).text()).includes('Sharp $` $&#x27; $&amp;'), { timeout: 15_000 })
      .toBe(true);
    expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(html.match(/<div id="root"/g)).toHaveLength(1);
    expect(Math.abs(html.length - before.length)).toBeLessThan(2000);

    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.goto(url);
    await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(problems).toEqual([]);
  } finally {
    const again = await api.post('/api/iam/login/email', { data: { email: 'ethan@souk.test', password: DEMO_PASSWORD } });
    expect(again.status()).toBe(200);
    await rename('Sharp & Co Barbers');
  }
});

test('a malformed language cookie is ignored: the page is still rendered on the server', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
  await context.addCookies([{ name: 'app_lang', value: '%E0%A4%A', url: baseURL! }]);
  const page = await context.newPage();
  const response = await page.goto('/explore');
  const html = (await response!.text()) ?? '';
  expect(html).toContain('data-ssr=""');
  expect(html).toMatch(/<html lang="fr"/);
  await context.close();
});

test("a person's page with a dot in its name loads directly", async ({ page }) => {
  const response = await page.goto('/profile/omar.benali');
  expect(response!.status()).toBe(200);
  expect(response!.headers()['content-type']).toMatch(/^text\/html/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
});
