import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { upgradeTo } from './support/payments';
import { storeLanguage } from './support/storage';
import { openWorkspace } from './support/workspace';

/**
 * The performance page of an owner on the Premium plan: a visitor (no session) sees the firm's page twice, its
 * event once and then opens the printed code's address (?src=qr); each page sends its one view, and the
 * owner's page counts them once the server has written them: four views, one scan, the event first among the
 * items. In Arabic it mirrors.
 */

/** Opens `path` and waits for the page's view to be counted. */
async function visit(tab: Page, path: string) {
  const counted = tab.waitForResponse((response) => response.url().endsWith('/api/public/page-views'));
  await tab.goto(path);
  expect((await counted).status()).toBe(204);
}

test('a visitor’s views, the event’s and the printed code’s show on the owner’s performance page', async ({ page, browser, firm }) => {
  test.setTimeout(90_000);
  await upgradeTo(page, firm.id, 'premium');

  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await visit(tab, `/${firm.username}`);
  await visit(tab, `/${firm.username}`);
  await visit(tab, `/event/${firm.event.shortId}`);
  await visit(tab, `/${firm.username}?src=qr`);
  await visitor.close();

  await openWorkspace(page, '/workspace/performance', firm.name, page.getByRole('heading', { name: 'Performance', level: 1 }));
  const totals = page.getByTestId('performance-totals');
  // the server writes views in batches a couple of seconds apart: the page has them once written
  await expect(async () => {
    await page.reload();
    await expect(totals.locator('[data-figure="views"] dd').first()).toHaveText('4', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(totals.locator('[data-figure="scans"] dd').first()).toHaveText('1');
  await expect(totals.locator('[data-figure="purchases"] dd').first()).toHaveText('0');
  await expect(totals.locator('[data-figure="conversion"] dd').first()).toHaveText('0.0%');
  // this week's row has the same figures; nothing before it to compare with
  const thisWeek = page.getByTestId('performance-weeks-table').locator('tbody tr').last();
  await expect(thisWeek.locator('[data-metric="views"]')).toContainText('4');
  await expect(thisWeek.locator('[data-metric="scans"]')).toContainText('1');
  const items = page.getByRole('region', { name: 'Most viewed items' });
  await expect(items.getByRole('row', { name: new RegExp(firm.event.name) })).toContainText('1');

  await storeLanguage(page, 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الأداء', level: 1 })).toBeVisible();
  await expect(page.getByTestId('performance-totals').locator('[data-figure="views"] dd').first()).toHaveText('4');
});
