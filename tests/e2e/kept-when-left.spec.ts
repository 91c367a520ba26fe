import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { payAndOpenOrder } from './support/payments';
import { logInWithForm } from './support/auth';
import { waitForControllingWorker } from './support/pwa';

/**
 * What a page has just read stays on the device when the page is left at once: the persisted query
 * cache is written at most every 2 s, and a full navigation away used to drop the pending write, so
 * a firm's page or an order (its tickets) left within 2 s of showing was not there offline. Here each
 * is left by a full navigation right after the app took it over; the order is then opened offline.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** Whether the device's persisted query cache holds `fragment` (a piece of a query key). */
const kept = (page: Page, fragment: string) =>
  page.evaluate((piece) => (localStorage.getItem('souk_query_cache') ?? '').includes(piece), fragment);

/** The app has taken the server-rendered page over (the router has read its hydration data). */
async function appStarted(page: Page) {
  await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 20_000 });
}

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

interface EventJson {
  shortId: string;
  ticketCategories: { id: string; name: string; price: number }[];
}

/** A paid event of the demo seed (not the tickets spec's, which counts its seats). */
async function paidEvent(request: APIRequestContext): Promise<EventJson> {
  const list = await (await request.post('/api/public/events?page=0&size=30', { data: {} })).json();
  for (const card of (list.content as { shortId: string; name: string }[]).reverse()) {
    if (card.name.startsWith('Sunset Sessions')) continue;
    const event = (await (await request.get(`/api/public/events/sid/${card.shortId}`)).json()) as EventJson;
    if (event.ticketCategories.some((tier) => tier.price > 0)) return event;
  }
  throw new Error('the demo seed has a paid event');
}

test('an order with its ticket, left at once, opens offline', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  // Nadia buys a ticket (the sandbox payment step)
  const event = await paidEvent(request);
  const tier = event.ticketCategories.find((t) => t.price > 0)!;
  await logInWithForm(page, 'nadia@souk.test');
  await page.goto(`/event/${event.shortId}`);
  await page.getByTestId('ticket-category').filter({ hasText: tier.name }).getByRole('button', { name: 'Get Tickets' }).click();
  await page.getByTestId('purchase-form').getByRole('button', { name: 'Proceed' }).click();
  const reference = await payAndOpenOrder(page);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');

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
