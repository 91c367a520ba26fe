import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The shell in a real browser: tab bar hide/show and per-tab memory, the
 * login go= rules, and the offline overlay's keep-reading mode.
 */
test.use({ viewport: { width: 390, height: 844 } });

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

test('the tab bar hides on scroll down and comes back on scroll up and near the top', async ({ page }) => {
  await page.goto('/explore');
  const bar = tabBar(page);
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
  // the demo marketplace makes /explore much longer than the screen
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeGreaterThan(800);

  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 500);
  await expect(bar).toHaveAttribute('data-hidden', 'true');
  await page.mouse.wheel(0, -200);
  await expect(bar).not.toHaveAttribute('data-hidden');
  await page.mouse.wheel(0, 300);
  await expect(bar).toHaveAttribute('data-hidden', 'true');
  await page.evaluate(() => window.scrollTo(0, 30));
  await expect(bar).not.toHaveAttribute('data-hidden');
});

test('the tab bar is hidden on static and auth pages and on the signed-out home page', async ({ page }) => {
  for (const path of ['/about', '/terms', '/privacy', '/faq', '/help', '/login', '/signup', '/']) {
    await page.goto(path);
    await expect(page.locator('main')).not.toBeEmpty();
    await expect(tabBar(page), path).toHaveCount(0);
  }
  await page.goto('/blog');
  await expect(tabBar(page)).toBeVisible();
});

test('each tab returns to its last route, also after a reload', async ({ page, member: _member }) => {
  const bar = tabBar(page);
  await page.goto('/blog');
  await expect(bar.getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');

  await bar.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await bar.getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/blog$/);

  await bar.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.reload();
  await tabBar(page).getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('Login in the header and in the login popup carry go= the current path', async ({ page }) => {
  await page.goto('/blog');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?go=blog$/);

  await page.goto('/explore');
  await tabBar(page).getByRole('link', { name: 'Profile' }).click(); // signed out: the popup
  const popup = page.getByRole('dialog', { name: 'Log in to continue' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?go=explore$/);
});

test('offline: the overlay blocks the page, then keep reading shows a small banner until back online', async ({ page, context }) => {
  await page.goto('/explore');
  await expect(tabBar(page)).toBeVisible();
  // the layers (overlay included) are a chunk fetched once the page is live: going offline before it
  // arrived would test the first second of a first visit, not the overlay
  await page.waitForFunction(() => !('$_TSR' in window));
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  const overlay = page.getByRole('alertdialog');
  await expect(overlay).toContainText('You are currently offline. Please check your connection.');
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

  await overlay.getByRole('button', { name: 'Keep reading offline' }).click();
  await expect(overlay).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);
});
