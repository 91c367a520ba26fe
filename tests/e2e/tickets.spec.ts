import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { payInSandbox } from './support/payments';
import { readOutbox } from '../../src/server/testing/outbox';
import { DEMO_PASSWORD } from './support/auth';
import { waitForControllingWorker } from './support/pwa';

/**
 * Tickets in a real browser on the demo marketplace: Layla buys two tickets (for herself and her
 * friend Omar) with one add-on, pays on the sandbox payment step with the success card, and sees
 * the order with its reference and both QR codes; Omar, signed in, finds his ticket; the decline
 * card shows a clear error and issues no ticket; the wallet opens offline once seen, and leaves the
 * device at logout.
 * A retry runs on the same database, where the earlier attempt's tickets and orders stay: each check names the ticket
 * it means by its code, or counts what this attempt added, and the cart starts empty.
 */
const PHONE = { width: 390, height: 844 };
const EVENT_NAME = 'Sunset Sessions: Barceloneta Rooftop';
const SUCCESS_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

interface EventJson {
  shortId: string;
  currency: string;
  ticketCategories: { id: string; name: string; price: number }[];
  addons: { addonId: string; name: string; price: number }[];
}

async function sunsetSessions(request: APIRequestContext): Promise<EventJson> {
  const list = await (await request.post('/api/public/events?page=0&size=20', { data: { name: 'Sunset Sessions' } })).json();
  const card = (list.content as { shortId: string; name: string }[]).find((e) => e.name === EVENT_NAME);
  expect(card, `the demo seed has "${EVENT_NAME}"`).toBeTruthy();
  return (await (await request.get(`/api/public/events/sid/${card!.shortId}`)).json()) as EventJson;
}

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  const form = page.locator('form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

let reference = '';

test('a member buys tickets for herself and a friend with an add-on, pays, and both find their tickets', async ({
  page,
  browser,
  request,
}) => {
  const event = await sunsetSessions(request);
  const tier = event.ticketCategories[0];
  const addon = event.addons[0];
  await logIn(page, 'layla@souk.test');
  await page.goto(`/event/${event.shortId}`);
  await page.getByTestId('ticket-category').filter({ hasText: tier.name }).getByRole('button', { name: 'Get Tickets' }).click();

  const form = page.getByTestId('purchase-form');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Ticket tier')).toHaveValue(tier.id);
  await expect(form.getByTestId('selected-tier')).toContainText(tier.name);
  await expect(form.getByTestId('holder-chip')).toHaveText(['You (Layla Haddad)']);

  // 'Buy to people…': the friend search, then a chip per holder
  const search = form.getByPlaceholder('Buy to people…');
  await search.fill('zzz');
  await expect(form.getByTestId('friend-results')).toContainText('No matches');
  await search.fill('Om');
  await form.getByRole('option', { name: 'Omar Benali' }).click();
  await expect(form.getByTestId('holder-chip')).toHaveText(['You (Layla Haddad)', 'Omar Benali']);
  await search.fill('Om');
  await expect(form.getByTestId('friend-results')).toContainText('No matches'); // a holder is not offered again
  await search.fill('');

  await form.getByRole('button', { name: `One more ${addon.name}` }).click();
  const money = (minor: number) => new Intl.NumberFormat('en', { style: 'currency', currency: event.currency }).format(minor / 100);
  const total = tier.price * 2 + addon.price;
  await expect(form.getByTestId('purchase-summary')).toContainText(`${tier.name} x 2`);
  await expect(form.getByTestId('purchase-summary')).toContainText(addon.name);
  await expect(form.getByTestId('purchase-total')).toContainText(money(total));

  await form.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByTestId('sandbox-amount')).toHaveText(money(total));
  await payInSandbox(page, SUCCESS_CARD);

  await expect(page).toHaveURL(/\/profile\/orders\/SK-[0-9A-Z]{6}\?from=payment/);
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-status')).toHaveText('Paid');
  await expect(detail).toContainText('Payment confirmed.');
  reference = (await detail.getByTestId('order-reference').textContent()) ?? '';
  expect(reference).toMatch(/^SK-[0-9A-Z]{6}$/);
  await expect(detail.getByTestId('ticket-qr')).toHaveCount(2);
  await expect(detail.getByTestId('ticket')).toHaveCount(2);
  const omarsTicket = detail.getByTestId('ticket').nth(1);
  await expect(omarsTicket).toContainText('Held by Omar Benali');
  const omarsCode = (await omarsTicket.locator('code').textContent())!.trim();
  await expect(detail.getByTestId('order-total')).toContainText(money(total));

  // mails with the reference went to the buyer and to the friend (the outbox of this server)
  await expect
    .poll(() =>
      readOutbox(process.env.SOUK_E2E_DATA_DIR!)
        .filter((mail) => mail.text.includes(reference))
        .map((mail) => mail.to)
        .sort(),
    )
    .toEqual(['layla@souk.test', 'omar@souk.test']);

  // Back leaves the order for the event's page: the settled payment step replaced itself in the tab's history
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/event/${event.shortId}$`));

  // the friend, signed in on his own device, finds his ticket
  await friendSeesTicket(browser, reference, omarsCode);
});

async function friendSeesTicket(browser: Browser, orderReference: string, code: string) {
  const context = await browser.newContext({ viewport: PHONE });
  const omar = await context.newPage();
  await logIn(omar, 'omar@souk.test');
  await omar.goto('/profile/orders');
  const ticket = omar.getByTestId('wallet').getByTestId('ticket').filter({ hasText: code });
  await expect(ticket).toHaveCount(1);
  await expect(ticket).toContainText(EVENT_NAME);
  await expect(ticket).toContainText('Your ticket');
  await expect(ticket).toContainText('from Layla Haddad');
  await expect(ticket.getByTestId('ticket-qr')).toBeVisible();
  // the order's link (his notification's) opens his own ticket of it
  await omar.goto(`/profile/orders/${orderReference}`);
  await expect(omar.getByTestId('order-detail')).toContainText('A ticket from Layla Haddad');
  await expect(omar.getByTestId('ticket-qr')).toHaveCount(1);
  await context.close();
}

test('the decline card shows a clear error and issues no ticket', async ({ page, request }) => {
  const event = await sunsetSessions(request);
  await logIn(page, 'layla@souk.test');
  // the tickets she holds already (the purchase test's, and an earlier attempt's)
  await page.goto('/profile/orders');
  const wallet = page.getByTestId('wallet').getByTestId('ticket');
  await expect(wallet.first()).toBeVisible();
  const held = await wallet.count();
  await page.goto(`/event/${event.shortId}`);
  await page.getByRole('button', { name: 'Get Tickets' }).first().click();
  await page.getByTestId('purchase-form').getByRole('button', { name: 'Proceed' }).click();
  await payInSandbox(page, DECLINED_CARD);
  await expect(page.getByTestId('sandbox-error')).toHaveText('Your card was declined. Try another card or a mobile wallet.');
  await page.getByRole('button', { name: 'Cancel and return' }).click();

  await expect(page).toHaveURL(/\/profile\/orders\/SK-[0-9A-Z]{6}\?from=payment&cancelled=1/);
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-status')).toHaveText('Pending payment');
  await expect(detail.getByTestId('payment-problem')).toContainText('The card was declined.');
  await expect(detail.getByTestId('ticket-qr')).toHaveCount(0);
  await expect(detail.getByTestId('ticket')).toContainText('Held while the order is paid');
  await expect(detail.getByRole('button', { name: /^Pay / })).toBeEnabled();
  // the wallet holds only the paid orders' tickets: none of this one
  await page.goto('/profile/orders');
  await expect(wallet.first()).toBeVisible();
  await expect(wallet).toHaveCount(held);
});

test('the wallet opens offline once seen, and leaves the device at logout', async ({ page, context }) => {
  expect(reference, 'the purchase test ran first').not.toBe('');
  await logIn(page, 'layla@souk.test');
  await page.goto(`/profile/orders/${reference}`);
  await expect(page.getByTestId('ticket-qr')).toHaveCount(2);
  // her own ticket of this order (an earlier attempt's are in her wallet too)
  const code = (await page.getByTestId('ticket').filter({ hasText: 'Your ticket' }).locator('code').textContent())!.trim();
  const mine = page.getByTestId('wallet').getByTestId('ticket').filter({ hasText: code });
  const passable = page.getByRole('button', { name: 'Pass to a friend' });
  await expect(passable.first()).toBeVisible();
  await waitForControllingWorker(page);
  // kept on the device before leaving the page: the persisted cache is written at most every 2 s
  await expect
    .poll(() => page.evaluate((ref) => (localStorage.getItem('souk_query_cache') ?? '').includes(`"order","${ref}"`), reference), {
      timeout: 10_000,
    })
    .toBe(true);
  await page.goto('/profile/orders');
  await expect(mine.getByTestId('ticket-qr')).toHaveCount(1);
  // the persisted cache is written at most every 2 s
  await expect
    .poll(() => page.evaluate(() => (localStorage.getItem('souk_query_cache') ?? '').includes('"wallet"')), { timeout: 10_000 })
    .toBe(true);

  await context.setOffline(true);
  const navigation = await page.goto(`/profile/orders/${reference}`);
  expect(navigation?.fromServiceWorker(), 'the worker answered the page').toBe(true);
  // the wallet is made for the door: the offline banner, never the overlay that blocks the page
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByTestId('order-reference')).toHaveText(reference);
  await expect(page.getByTestId('ticket-qr')).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  // passing a ticket needs the server: offline the wallet says so instead of offering it
  await expect(passable).toHaveCount(0);
  await expect(page.getByText('Passing a ticket to a friend needs a connection.').first()).toBeVisible();
  await page.getByRole('link', { name: 'Orders and tickets' }).click();
  await expect(mine.getByTestId('ticket-qr')).toHaveCount(1);
  await expect(page.getByText('You are offline: these are the tickets and orders kept on this device.')).toBeVisible();

  // back online, Layla logs out: nothing of her wallet stays for the next person on this browser
  await context.setOffline(false);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (localStorage.getItem('souk_query_cache') ?? '').includes('"wallet"'))).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('souk_last_user'))).toBeNull();
});

test('a product goes from its page to the cart, and the cart is ordered and paid through the same payment step', async ({ page }) => {
  await logIn(page, 'layla@souk.test');
  await emptyCarts(page.request); // what an earlier attempt may have left unpaid
  await page.goto('/paper-lantern-books');
  const shop = page.getByTestId('shop-section');
  // the first product in stock: its card has 'Add to cart'
  const card = shop
    .locator('article, li')
    .filter({ has: page.getByRole('button', { name: /^Add to cart: .+$/ }) })
    .first();
  const name = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
  await card.getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page).toHaveURL(/\/product\/[A-Za-z0-9_-]+$/);
  const detail = page.getByTestId('item-detail');
  await detail.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(page.getByText(`${name} added to your cart.`)).toBeVisible();
  await detail.getByRole('link', { name: 'In your cart (1)' }).click();

  await expect(page).toHaveURL(/\/profile\/cart$/);
  const cart = page.getByTestId('cart').filter({ hasText: name });
  await expect(cart).toHaveCount(1);
  await cart.getByRole('button', { name: `One more ${name}` }).click();
  await expect(cart.getByLabel(`Quantity of ${name}`)).toHaveText('2');
  await cart.getByRole('button', { name: /^Order and pay / }).click();
  await payInSandbox(page, SUCCESS_CARD);

  await expect(page).toHaveURL(/\/profile\/orders\/SK-[0-9A-Z]{6}\?from=payment/);
  const order = page.getByTestId('order-detail');
  await expect(order.getByTestId('order-status')).toHaveText('Paid');
  await expect(order).toContainText(name);
  // paid, that firm's cart is empty
  await page.goto('/profile/cart');
  await expect(page.getByTestId('cart').filter({ hasText: name })).toHaveCount(0);
});

/** Empties every cart of the signed-in user. */
async function emptyCarts(request: APIRequestContext) {
  const { carts } = (await (await request.get('/api/user/cart')).json()) as { carts: { firmId: string }[] };
  for (const cart of carts) {
    const emptied = await request.delete(`/api/user/cart/${cart.firmId}`, { headers: { Origin: test.info().project.use.baseURL! } });
    expect(emptied.ok()).toBe(true);
  }
}
