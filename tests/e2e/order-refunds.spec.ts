import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signUpWithApi } from './support/auth';
import { payAndOpenOrder } from './support/payments';
import { openWorkspace } from './support/workspace';

/**
 * A firm refunds part of an order from its workspace order page: one of two tickets of a ticket
 * order, then one bottle of a shop line; the buyer's order page shows what went back and when; a
 * double-clicked Refund refunds once. Every person and the firm are this run's own (made through
 * the API), so a retry starts clean.
 */
// the workspace's pages load lazily: on a busy machine the first paint can take a while
const expect = baseExpect.configure({ timeout: 30_000 });
const origin = () => ({ Origin: test.info().project.use.baseURL! });

async function newPerson(browser: Browser, firstName: string, stamp: string) {
  const context = await browser.newContext();
  const email = `${firstName.toLowerCase()}-${stamp}@souk.test`;
  await signUpWithApi(context.request, { firstName, lastName: 'Refund', email });
  const session = (await (await context.request.get('/api/iam/auth/check-session')).json()) as { user: { id: string } };
  return { context, id: session.user.id };
}

async function firmWithEventAndProduct(request: APIRequestContext, stamp: string) {
  const industries = (await (await request.get('/api/user/explore/industries')).json()) as {
    key: string;
    categories: { key: string }[];
  }[];
  const industry = industries.find((entry) => entry.categories.length > 0)!;
  const created = await request.post('/api/business/firms', {
    headers: origin(),
    data: {
      name: `Refund House ${stamp}`,
      username: `refunds-${stamp}`,
      industryKey: industry.key,
      categoryKey: industry.categories[0].key,
      description: 'Concerts and records.',
      timezone: 'Europe/Paris',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const firmId = ((await created.json()) as { firm: { id: string } }).firm.id;
  const draft = await request.post(`/api/dashboard/events/create?firmId=${firmId}`, { headers: origin() });
  expect(draft.ok(), await draft.text()).toBe(true);
  const { id } = (await draft.json()) as { id: string };
  const saved = await request.put('/api/dashboard/events', {
    headers: origin(),
    data: {
      id,
      name: `Refund night ${stamp}`,
      typeKey: 'concert',
      startDateTime: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      capacity: 50,
      currency: 'EUR',
      ticketCategories: [{ name: 'Standing', price: 1500, capacity: 50 }],
      addons: [],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const published = await request.patch(`/api/dashboard/events/${id}/status`, { headers: origin(), data: { statusCode: 1 } });
  expect(published.ok(), await published.text()).toBe(true);
  const event = (await saved.json()) as { id: string; shortId: string; ticketCategories: { id: string }[] };
  const product = await request.post(`/api/dashboard/products?firmId=${firmId}`, {
    headers: origin(),
    data: { name: `Olive oil ${stamp}`, price: 900, currency: 'EUR', initialStock: 10 },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = ((await product.json()) as { id: string }).id;
  await request.patch(`/api/dashboard/products/${productId}/published?firmId=${firmId}`, { headers: origin(), data: { published: true } });
  return { firmId, eventId: event.id, eventShortId: event.shortId, categoryId: event.ticketCategories[0].id, productId };
}

async function refundFromWorkspace(owner: Page, reference: string, choose: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await openWorkspace(owner, `/workspace/orders/${reference}`, /Refund House/, owner.getByTestId('firm-order'));
  const dialog = owner.getByRole('dialog', { name: `Refund order ${reference}` });
  // the server-rendered button answers once the page has hydrated
  await expect(async () => {
    await owner.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await choose(dialog);
  await dialog.getByLabel('Reason (the buyer reads it)').fill('Sorry, one of them could not come.');
  const submit = dialog.getByTestId('refund-submit');
  // a double click: the dialog keeps one Idempotency-Key, the order is refunded once
  await submit.dblclick();
  await expect(dialog).toBeHidden();
  await expect(owner.getByTestId('order-refunds')).toBeVisible();
}

test('a firm refunds one of two tickets and one shop item; the buyer sees what went back; a double click refunds once', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const owner = await newPerson(browser, 'Owner', stamp);
  const firm = await firmWithEventAndProduct(owner.context.request, stamp);
  const buyer = await newPerson(browser, 'Buyer', stamp);
  const friend = await newPerson(browser, 'Friend', stamp);
  const asked = await buyer.context.request.post(`/api/user/people/friends/update?targetUserId=${friend.id}&action=request`, {
    headers: origin(),
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const accepted = await friend.context.request.post(`/api/user/people/friends/update?targetUserId=${buyer.id}&action=accept`, {
    headers: origin(),
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  // the buyer: two tickets (theirs and the friend's), then the shop's oil, each paid in the sandbox
  const page = await buyer.context.newPage();
  const tickets = await buyer.context.request.post('/api/user/orders/tickets', {
    headers: { ...origin(), 'Idempotency-Key': `tickets-${stamp}` },
    data: {
      eventId: firm.eventId,
      categoryId: firm.categoryId,
      holderIds: [buyer.id, friend.id],
      addons: [],
      expectedTotal: 3000,
      currency: 'EUR',
    },
  });
  expect(tickets.status(), await tickets.text()).toBe(201);
  await page.goto(((await tickets.json()) as { redirectUrl: string }).redirectUrl);
  const ticketOrder = await payAndOpenOrder(page);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await buyer.context.request.put('/api/user/cart/items', {
    headers: origin(),
    data: { itemType: 'product', itemId: firm.productId, quantity: 2 },
  });
  const shop = await buyer.context.request.post(`/api/user/orders/cart/${firm.firmId}`, {
    headers: { ...origin(), 'Idempotency-Key': `shop-${stamp}` },
    data: { expectedTotal: 1800, currency: 'EUR' },
  });
  expect(shop.status(), await shop.text()).toBe(201);
  await page.goto(((await shop.json()) as { redirectUrl: string }).redirectUrl);
  const shopOrder = await payAndOpenOrder(page);

  // the owner refunds the friend's ticket, then one bottle
  const ownerPage = await owner.context.newPage();
  await refundFromWorkspace(ownerPage, ticketOrder, async (dialog) => {
    await dialog.getByRole('checkbox', { name: /Friend Refund/ }).check();
  });
  await expect(ownerPage.getByTestId('order-refunds').getByRole('listitem')).toHaveCount(1);
  await expect(ownerPage.getByTestId('firm-order')).toContainText('Void');
  await refundFromWorkspace(ownerPage, shopOrder, async (dialog) => {
    await dialog.getByLabel(/How many Olive oil/).fill('1');
  });
  await expect(ownerPage.getByTestId('order-refunds').getByRole('listitem')).toHaveCount(1);
  await expect(ownerPage.getByTestId('firm-order')).toContainText('1 refunded');

  // the buyer's view: what went back, how much, when and why
  await page.goto(`/profile/orders/${ticketOrder}`);
  const refunds = page.getByTestId('order-refunds');
  await expect(refunds.getByRole('listitem')).toHaveCount(1);
  await expect(refunds).toContainText('Standing');
  await expect(refunds).toContainText('15.00');
  await expect(refunds).toContainText('Sorry, one of them could not come.');
  await expect(page.getByTestId('order-refunded')).toContainText('15.00');
  await page.goto(`/profile/orders/${shopOrder}`);
  await expect(page.getByTestId('order-refunds').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('order-refunded')).toContainText('9.00');

  // the tier keeps its sold ticket: the editor offers no Delete for it, and says how to stop its sales
  await openWorkspace(ownerPage, `/workspace/events/${firm.eventShortId}`, /Refund House/);
  const tier = ownerPage.getByTestId('tier').filter({ hasText: 'Standing' });
  await expect(tier).toContainText('1 sold');
  await expect(tier.getByRole('button', { name: /Delete the category/ })).toHaveCount(0);
  await expect(tier).toContainText('To stop selling it, set when its sales close.');
  for (const person of [owner, buyer, friend]) await person.context.close();
});
