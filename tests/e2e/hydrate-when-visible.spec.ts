import { expect, test, type Page } from '@playwright/test';

/**
 * Parts of a server-rendered page below the first screen hydrate when they come near the screen
 * or at the first touch/key/focus (src/client/components/layout/hydrate-when-visible.tsx), not
 * during the page's start-up: until then they are the server's HTML, untouched; afterwards React
 * owns the same elements (no re-render, no mismatch, no error).
 */

/** React marks every element it owns with a `__reactFiber$…` property. */
const hydrated = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const element = document.querySelector(s);
    if (!element) throw new Error(`no ${s}`);
    return Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);

async function openFirm(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|react|minified|suspense/i.test(message.text())) problems.push(message.text());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  // the server's footer and opening-hours elements, before any script of the page runs
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as unknown as Record<string, Element | null>;
      w.ssrFooter = document.querySelector('#site-footer nav');
      w.ssrInfo = document.querySelector('#info > :first-child');
    });
  });
  const response = await page.request.get('/api/public/firms?size=1');
  const firm = ((await response.json()) as { content: Array<{ username: string; name: string }> }).content[0];
  await page.goto(`/${firm.username}`);
  await expect(page.getByRole('heading', { level: 1, name: firm.name })).toBeVisible();
  // the first screen goes live (the page's boundary hydrates a moment after the router's start)
  await expect.poll(() => hydrated(page, '#root h1'), { timeout: 15_000 }).toBe(true);
  return problems;
}

const sameAsServer = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as Record<string, Element | null>;
    return [w.ssrFooter === document.querySelector('#site-footer nav'), w.ssrInfo === document.querySelector('#info > :first-child')];
  });

test('the footer and the info column hydrate when scrolled to, keeping the server HTML', async ({ page }) => {
  const problems = await openFirm(page);
  // the first screen is live; the footer far below is still the server's HTML only
  await page.waitForTimeout(500);
  expect(await hydrated(page, '#site-footer nav')).toBe(false);

  await page.evaluate(() => document.getElementById('site-footer')!.scrollIntoView());
  await expect.poll(() => hydrated(page, '#site-footer nav')).toBe(true);
  expect(await sameAsServer(page)).toEqual([true, true]);

  // a footer link is a live router link now: the page changes without a document load
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await page.locator('#site-footer').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(problems).toEqual([]);
});

test('a first key press hydrates every waiting part without scrolling', async ({ page }) => {
  const problems = await openFirm(page);
  await page.waitForTimeout(500);
  expect(await hydrated(page, '#site-footer nav')).toBe(false);
  await page.keyboard.press('Tab');
  await expect.poll(() => hydrated(page, '#site-footer nav')).toBe(true);
  await expect.poll(() => hydrated(page, '#info > :first-child')).toBe(true);
  expect(await sameAsServer(page)).toEqual([true, true]);
  expect(problems).toEqual([]);
});

test("the landing's lower sections hydrate when scrolled to, without a mismatch", async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|react|minified|suspense/i.test(message.text())) problems.push(message.text());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect.poll(() => hydrated(page, '#root h1'), { timeout: 15_000 }).toBe(true);
  await page.waitForTimeout(500);
  expect(await hydrated(page, '#how-it-works ol')).toBe(false);
  await page.evaluate(() => document.getElementById('how-it-works')!.scrollIntoView());
  await expect.poll(() => hydrated(page, '#how-it-works ol')).toBe(true);
  await page.locator('#site-footer').scrollIntoViewIfNeeded();
  await expect.poll(() => hydrated(page, '#site-footer nav')).toBe(true);
  expect(problems).toEqual([]);
});
