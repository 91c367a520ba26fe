import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { payAndOpenOrder } from './payments';

/** Whether the device's persisted query cache (localStorage) holds `fragment` (a piece of a query key). */
export const kept = (page: Page, fragment: string) =>
  page.evaluate((piece) => (localStorage.getItem('souk_query_cache') ?? '').includes(piece), fragment);

/** The app has taken the server-rendered page over (the router has read its hydration data). */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 20_000 });
}

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

/** The signed-in buyer on `page` buys a ticket of a paid event (the sandbox payment); returns the paid order's reference. */
export async function buyTicket(page: Page, request: APIRequestContext): Promise<string> {
  const event = await paidEvent(request);
  const tier = event.ticketCategories.find((t) => t.price > 0)!;
  await page.goto(`/event/${event.shortId}`);
  await page
    .getByTestId('ticket-category')
    .filter({ has: page.getByRole('heading', { name: tier.name, exact: true }) })
    .getByRole('button', { name: 'Get Tickets' })
    .click();
  await page.getByTestId('purchase-form').getByRole('button', { name: 'Proceed' }).click();
  const reference = await payAndOpenOrder(page);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  return reference;
}
