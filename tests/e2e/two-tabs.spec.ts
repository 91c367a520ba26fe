import { expect, test } from '@playwright/test';
import { logInWithForm } from './support/auth';
import { appStarted, buyTicket, kept } from './support/offline-copy';
import { waitForControllingWorker } from './support/pwa';

/**
 * Two tabs of one browser share the device's offline copy (the persisted query cache) and the
 * session. Each tab used to write the whole copy from what it held (the last writer won), and a
 * sign-out in one tab was not heard by the others.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test('an order opened in one tab stays on the device when an older tab writes, and opens offline in a new tab', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  await logInWithForm(page, 'nadia@souk.test');
  const reference = await buyTicket(page, request);

  // Her phone (her session, nothing kept yet): tab A is open first, on her profile.
  const device = await browser.newContext({ viewport: PHONE, storageState: { cookies: await page.context().cookies(), origins: [] } });
  try {
    const tabA = await device.newPage();
    await tabA.goto('/profile');
    await waitForControllingWorker(tabA);
    await appStarted(tabA);

    // Tab B opens the order: its tickets reach the device's copy (the throttled write, 2 s).
    const tabB = await device.newPage();
    await tabB.goto(`/profile/orders/${reference}`);
    await expect(tabB.getByTestId('ticket-qr')).toHaveCount(1);
    await expect.poll(() => kept(tabB, `"order","${reference}"`), { timeout: 15_000 }).toBe(true);

    // Tab A, which never read the order, changes its cache (a page opened in the app: explore's list of firms) and
    // writes.
    expect(await kept(tabA, '"firms","list"')).toBe(false);
    await tabA.getByRole('link', { name: 'Explore', exact: true }).first().click();
    await expect(tabA).toHaveURL(/\/explore$/);
    await expect.poll(() => kept(tabA, '"firms","list"'), { timeout: 15_000 }).toBe(true);
    expect(await kept(tabA, `"order","${reference}"`), "tab A's write kept tab B's order").toBe(true);

    // Offline, the order opens in a new tab. (The tab shows the site's about page before the link drops:
    // Playwright's offline emulation does not reach a tab's first document, which then reads
    // navigator.onLine === true, microsoft/playwright#42174; that page holds nothing of the order.)
    const tabC = await device.newPage();
    await tabC.goto('/about');
    await device.setOffline(true);
    await tabC.goto(`/profile/orders/${reference}`);
    // the wallet is made for the door: the offline banner, never the overlay that blocks the page
    await expect(tabC.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    await expect(tabC.getByRole('alertdialog')).toHaveCount(0);
    await expect(tabC.getByTestId('order-reference')).toHaveText(reference);
    await expect(tabC.getByTestId('ticket-qr')).toHaveCount(1);
  } finally {
    await device.close();
  }
});

test('a sign-out in one tab signs the other tabs out, and a sign-in signs them in', async ({ page, context }) => {
  await logInWithForm(page, 'daniel@souk.test');
  const other = await context.newPage();
  await other.goto('/profile/orders');
  await expect(other).toHaveURL(/\/profile\/orders$/);
  await appStarted(other);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  // the other tab leaves the member's page for the login, and says why
  await expect(other).toHaveURL(/\/login\?go=profile%2Forders$/);
  await expect(other.getByText('You signed out in another tab.')).toBeVisible();
  // …and holds nothing of the member's to write back to the device
  await other.waitForTimeout(2500);
  expect(await kept(other, '"wallet"')).toBe(false);
  expect(await other.evaluate(() => localStorage.getItem('souk_last_user'))).toBeNull();

  await logInWithForm(page, 'daniel@souk.test');
  await expect(other).not.toHaveURL(/\/login/);
  await expect(other.getByText('You signed in in another tab.')).toBeVisible();
});
