import { expect, test } from '@playwright/test';
import { waitForControllingWorker } from './support/pwa';

const OFFLINE_TEXT = 'You are currently offline. Please check your connection.';

test.describe('offline', () => {
  test('after one online visit, / and /about render from the worker offline with the offline overlay', async ({ page, context }) => {
    const online = await page.goto('/');
    expect(online?.fromServiceWorker()).toBe(false);
    await waitForControllingWorker(page);
    const overlay = page.getByText(OFFLINE_TEXT);
    await expect(overlay).toHaveCount(0);

    await context.setOffline(true);
    try {
      const home = await page.reload();
      expect(home?.fromServiceWorker()).toBe(true);
      expect(home?.status()).toBe(200);
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(overlay).toBeVisible({ timeout: 20_000 });

      // The overlay follows the connection both ways.
      await context.setOffline(false);
      await expect(overlay).toHaveCount(0, { timeout: 20_000 });
      await context.setOffline(true);
      await expect(overlay).toBeVisible({ timeout: 20_000 });

      const about = await page.goto('/about');
      expect(about?.fromServiceWorker()).toBe(true);
      expect(about?.status()).toBe(200);
      await expect(page).toHaveURL(/\/about$/);
      await expect(overlay).toBeVisible({ timeout: 20_000 });

      // A way to keep reading what is cached: the overlay steps aside and the page is there.
      await page.getByRole('button', { name: /keep reading/i }).click();
      await expect(overlay).toHaveCount(0);
      await expect(page.locator('main h1').first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('navigations to the API and media are never answered with the app shell', async ({ page, context }) => {
    await page.goto('/');
    await waitForControllingWorker(page);
    await context.setOffline(true);
    try {
      for (const url of ['/api/health', '/media/none/small.webp']) {
        const outcome = await page.goto(url).then(
          (response) => `answered ${response?.status()} fromServiceWorker=${response?.fromServiceWorker()}`,
          () => 'network error',
        );
        expect(outcome, url).toBe('network error');
      }
    } finally {
      await context.setOffline(false);
    }
  });
});
