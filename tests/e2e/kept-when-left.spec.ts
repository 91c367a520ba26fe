import { expect, test } from '@playwright/test';
import { logInWithForm } from './support/auth';
import { appStarted, buyTicket, kept } from './support/offline-copy';
import { waitForControllingWorker } from './support/pwa';

/**
 * What a page has just read stays on the device when the page is left at once: the persisted query
 * cache is written at most every 2 s, and a full navigation away used to drop the pending write, so
 * a firm's page or an order (its tickets) left within 2 s of showing was not there offline. Here each
 * is left by a full navigation right after the app took it over; the order is then opened offline.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test("a firm's page left at once is kept on the device and opens offline", async ({ page, context }) => {
  await page.goto('/explore');
  expect(await kept(page, '"detail","the-blue-alley"')).toBe(false);

  await page.goto('/the-blue-alley');
  await expect(page.getByRole('heading', { level: 1, name: 'The Blue Alley' })).toBeVisible();
  await appStarted(page);
  // what the firm page loaded (its route's chunks, its translations): what it needs to open again
  const files = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
      .map((url) => url.pathname),
  );
  await page.goto('/about');
  expect(await kept(page, '"detail","the-blue-alley"'), 'kept when its page was left').toBe(true);
  // The page was left at once, often before the new worker controlled it or claimed while it loaded (its navigation
  // never reached the worker). Offline it opens through the shell or its kept HTML, from the copy above, with the
  // files it loaded: those the page hands to the worker (lib/service-worker.ts askToKeepThisPage, now also when
  // claimed during its load) or the worker's background fetch of the public pages' files brings. Going offline before
  // either had them showed "This page isn't available offline" (its route's chunk failed), 1 run in 13; a visitor's
  // device gets them within seconds, so this waits for them.
  await expect
    .poll(
      () =>
        page.evaluate(async (needed) => {
          const cachedPaths = new Set<string>();
          for (const name of await caches.keys())
            for (const request of await (await caches.open(name)).keys()) cachedPaths.add(new URL(request.url).pathname);
          return needed.filter((file) => !cachedPaths.has(file));
        }, files),
      { timeout: 30_000, message: 'the files the firm page loaded, kept on the device' },
    )
    .toEqual([]);

  await context.setOffline(true);
  await page.goto('/the-blue-alley');
  await expect(page.getByRole('heading', { level: 1, name: 'The Blue Alley' })).toBeVisible();
});

test('an order with its ticket, left at once, opens offline', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  // Nadia buys a ticket (the sandbox payment step)
  await logInWithForm(page, 'nadia@souk.test');
  const reference = await buyTicket(page, request);

  // On another device (her session, nothing kept yet), she opens the order and leaves it at once.
  const device = await browser.newContext({ viewport: PHONE, storageState: { cookies: await page.context().cookies(), origins: [] } });
  try {
    const phone = await device.newPage();
    await phone.goto('/profile');
    await waitForControllingWorker(phone);
    expect(await kept(phone, `"order","${reference}"`)).toBe(false);

    await phone.goto(`/profile/orders/${reference}`);
    await expect(phone.getByTestId('ticket-qr')).toHaveCount(1);
    await appStarted(phone);
    await phone.goto('/about');
    expect(await kept(phone, `"order","${reference}"`), 'kept when its page was left').toBe(true);

    await device.setOffline(true);
    await phone.goto(`/profile/orders/${reference}`);
    // the wallet is made for the door: the offline banner, never the overlay that blocks the page
    await expect(phone.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    await expect(phone.getByRole('alertdialog')).toHaveCount(0);
    await expect(phone.getByTestId('order-reference')).toHaveText(reference);
    await expect(phone.getByTestId('ticket-qr')).toHaveCount(1);
  } finally {
    await device.close();
  }
});
