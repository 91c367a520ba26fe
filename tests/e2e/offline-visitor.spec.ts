import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { waitForControllingWorker } from './support/pwa';

/** The built file holding a source module (the build's .vite/chunk-modules.json). */
function builtFileOf(moduleId: string): string {
  const clientDir = path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client');
  const modules = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'chunk-modules.json'), 'utf8')) as Record<string, string[]>;
  const file = Object.keys(modules).find((name) => modules[name].includes(moduleId));
  expect(file, `${moduleId} is built`).toBeTruthy();
  return file!;
}

/**
 * Offline, a page never visited is a proper offline page in the shell
 * (the user's language, what is available offline, a retry), and an app started offline gets its
 * feature flags (Log in, Sign up) back when the connection returns, without a spurious toast.
 */

test('starting offline: Log in and Sign up come back with the connection, and no error toast appears', async ({ page, context }) => {
  await page.goto('/explore');
  await waitForControllingWorker(page);
  await context.setOffline(true);
  await page.reload();
  const login = page.getByTestId('header-login');
  const signup = page.getByTestId('header-signup');
  // The flags could not load: everything is off…
  await expect(login).toBeDisabled({ timeout: 20_000 });
  await expect(signup).toBeDisabled();
  await page.getByRole('button', { name: 'Keep reading offline' }).click();

  // …until the connection returns.
  await context.setOffline(false);
  await expect(login).toBeEnabled({ timeout: 15_000 });
  await expect(signup).toBeEnabled();
  await page.waitForTimeout(1500);
  await expect(page.getByText('An unexpected error occurred.')).toHaveCount(0);
  await expect(page.locator('[role="alert"], [role="status"]').filter({ hasText: /error/i })).toHaveCount(0);
});

test('offline, a page never visited is an offline page in the user’s language, in the shell, with what is kept and a retry', async ({
  page,
  context,
}) => {
  // Visit a firm (kept for offline reading), then go offline and open pages never visited.
  await context.addCookies([{ name: 'app_lang', value: 'fr', url: test.info().project.use.baseURL! }]);
  await page.goto('/dar-nour');
  await waitForControllingWorker(page);
  await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 20_000 });
  // the query cache is kept on the device (written at most every 2 s)
  await page.waitForFunction(() => (localStorage.getItem('souk_query_cache') ?? '').includes('dar-nour'), undefined, { timeout: 10_000 });
  // French is not precached (only the default language is): the page handed the worker what it loaded
  const french = builtFileOf('src/client/locales/fr/common.json');
  const sw = await (await page.request.get('/sw.js')).text();
  expect(sw, 'the French translations are not in the precache').not.toContain(french);
  await expect
    .poll(() =>
      page.evaluate(async () => (await (await caches.open('souk-assets')).keys()).map((request) => new URL(request.url).pathname.slice(1))),
    )
    .toContain(french);
  await context.setOffline(true);

  for (const path of ['/the-blue-alley', '/event/nope1234']) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Continuer hors ligne' }).click();
    const offlinePage = page.getByTestId('offline-page');
    await expect(offlinePage).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    // in French, in the shell (header and its way home), with the firm kept from the visit
    await expect(offlinePage.getByRole('heading', { level: 1 })).toHaveText('Cette page n’est pas disponible hors ligne');
    await expect(page.locator('header').first()).toBeVisible();
    await expect(offlinePage.getByRole('link', { name: /Café Dar Nour/ })).toBeVisible();
    await expect(offlinePage.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  }

  // Retry once the connection is back: the page itself.
  await context.setOffline(false);
  await page.goto('/the-blue-alley');
  await page
    .getByTestId('offline-page')
    .getByRole('button', { name: 'Réessayer' })
    .click({ timeout: 5_000 })
    .catch(() => {});
  await expect(page.getByRole('heading', { level: 1, name: 'The Blue Alley' })).toBeVisible({ timeout: 20_000 });
});
