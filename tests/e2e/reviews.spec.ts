import { expect, test, type APIRequestContext } from '@playwright/test';
import { payAndOpenOrder } from './support/payments';
import { signUpWithApi } from './support/auth';

/**
 * A new customer (a fresh account per attempt: a retry runs on the same database, where the earlier
 * attempt's customer already has a ticket and a review) buys a ticket (the sandbox payment step), so they
 * have a real relation to the event's firm; on the firm's page they rate it 5 stars with a few words; the firm's average and count
 * change on its public page. (Only a customer with a paid order or a ticket may review: the
 * server's rules are proven in src/server/modules/reviews/reviews.test.ts.)
 */
interface EventJson {
  shortId: string;
  name: string;
  firmId: string;
  firmUsername: string;
  firmName: string;
  ticketCategories: { id: string; name: string; price: number }[];
}

/** A paid event other than the tickets spec's, so the two never count each other's seats. */
async function paidEvent(request: APIRequestContext): Promise<EventJson> {
  const list = await (await request.post('/api/public/events?page=0&size=30', { data: {} })).json();
  for (const card of list.content as { shortId: string; name: string }[]) {
    if (card.name.startsWith('Sunset Sessions')) continue;
    const event = (await (await request.get(`/api/public/events/sid/${card.shortId}`)).json()) as EventJson;
    if (event.ticketCategories.some((tier) => tier.price > 0)) return event;
  }
  throw new Error('the demo seed has a paid event');
}

// The reviews section is below the first screen: it loads and goes live as it comes near the
// screen (components/layout/hydrate-when-visible.tsx), so the test scrolls to it as a visitor does.
test('a customer with a ticket reviews the firm and its average changes on the public page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const event = await paidEvent(request);
  const tier = event.ticketCategories.find((t) => t.price > 0)!;
  const customer = { firstName: 'Ines', lastName: `Reviewer ${Date.now().toString(36)}`, email: `reviewer-${Date.now()}@souk.test` };
  await signUpWithApi(page.request, customer);
  const customerName = `${customer.firstName} ${customer.lastName}`;

  // before the ticket, the customer may not review
  await page.goto(`/${event.firmUsername}`);
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('reviews')).toContainText('Customers who bought or booked here can review this business.');
  const before = await (await page.request.get(`/api/user/reviews?firmId=${event.firmId}`)).json();

  // she buys a ticket
  await page.goto(`/event/${event.shortId}`);
  await page.getByTestId('ticket-category').filter({ hasText: tier.name }).getByRole('button', { name: 'Get Tickets' }).click();
  await page.getByTestId('purchase-form').getByRole('button', { name: 'Proceed' }).click();
  await payAndOpenOrder(page);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');

  // now the firm page offers the form
  await page.goto(`/${event.firmUsername}`);
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  const form = page.getByTestId('review-form');
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Publish my review' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose from 1 to 5 stars.');
  await form.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await form.getByLabel('What was it like? (optional)').fill('Great evening, friendly staff.');
  await form.getByRole('button', { name: 'Publish my review' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  const mine = page.getByTestId('review').filter({ hasText: customerName });
  await expect(mine).toContainText('Great evening, friendly staff.');

  const count = before.count + 1;
  const average = Math.round((((before.average ?? 0) * before.count + 5) / count) * 10) / 10;
  await expect(page.getByTestId('review-summary')).toContainText(average.toFixed(1));
  await expect(page.getByTestId('review-summary')).toContainText(`${count} review`);
  // the public page, loaded afresh, shows the new average and count; a visitor sees them too
  await page.reload();
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('review-summary')).toContainText(`${average.toFixed(1)}${count} review`);
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/${event.firmUsername}`);
  await visitor.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(visitor.getByTestId('review-summary')).toContainText(`${average.toFixed(1)}${count} review`);
  await expect(visitor.getByTestId('review')).toContainText(['Great evening, friendly staff.']);
  // and the explore cards carry it
  const cards = await (await visitor.request.get(`/api/public/firms?size=100&name=${encodeURIComponent(event.firmName)}`)).json();
  expect(cards.content.find((c: { id: string }) => c.id === event.firmId)).toMatchObject({ ratingCount: count, ratingAverage: average });
  await visitor.close();
});
