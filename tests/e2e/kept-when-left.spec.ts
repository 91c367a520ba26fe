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

test("a firm's page left at once is kept on the device", async ({ page }) => {
  await page.goto('/explore');
  expect(await kept(page, '"detail","the-blue-alley"')).toBe(false);

  await page.goto('/the-blue-alley');
  await expect(page.getByRole('heading', { level: 1, name: 'The Blue Alley' })).toBeVisible();
  await appStarted(page);
  await page.goto('/about');
  // (reopening it offline is not checked here: with the same queries kept it opened one time in two, for a cause
  // outside this write, notes/15k.md; the order below is reopened offline)
  expect(await kept(page, '"detail","the-blue-alley"'), 'kept when its page was left').toBe(true);
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
    await phone.getByRole('button', { name: 'Keep reading offline' }).click();
    await expect(phone.getByTestId('order-reference')).toHaveText(reference);
    await expect(phone.getByTestId('ticket-qr')).toHaveCount(1);
  } finally {
    await device.close();
  }
});
