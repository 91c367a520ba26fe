import { expect, memberContext, test } from './support/fixtures';
import { cafeTakingOrders } from './support/kitchen';
import { storeLanguage } from './support/storage';
import { openWorkspace } from './support/workspace';

/**
 * Ordering from a table's code: the owner of a new café (on the plan with the kitchen screen) opens
 * ordering, adds "Table 7" and lets guests pay at the counter. A guest on a phone scans the table's
 * code, which opens the café's page with the table kept; they add two dishes, write a note for the
 * kitchen and send the order to pay at the counter. The owner's board shows the ticket for Table 7
 * within a second without a reload; the cook starts and bumps it; the guest's order page, open all
 * along, says it is ready and the guest is notified. Staff then take the payment in cash.
 */
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/table';

test('a guest scans a table’s code, orders two dishes with a note to pay at the counter; the kitchen has it at once, bumps it, and the guest sees it ready', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const origin = { Origin: test.info().project.use.baseURL! };

  // ---- the owner sets the café up: ordering open, a second dish, Table 7, paying at the counter ----
  const { owner, firm } = await cafeTakingOrders(browser, 'Café Table');
  const tea = await owner.context.request.post(`/api/dashboard/menu-items?firmId=${firm.id}`, {
    headers: origin,
    data: { menuId: firm.menu.id, name: 'Mint tea', description: 'Fresh mint.', price: 300, currency: 'EUR' },
  });
  expect(tea.ok(), await tea.text()).toBe(true);

  await openWorkspace(owner.page, '/workspace/tables', /Café Table/, owner.page.getByRole('heading', { level: 1, name: 'Tables' }));
  await owner.page.getByLabel('Table or spot').fill('Table 7');
  await owner.page.getByRole('button', { name: 'Add', exact: true }).click();
  const code = owner.page.getByTestId('table-codes').getByRole('img', { name: 'Code of Table 7' });
  await expect(code).toBeVisible();
  const tableUrl = await code.getAttribute('data-table-url');
  expect(tableUrl).toMatch(new RegExp(`/${firm.username}\\?src=qr&table=[\\w-]{22}$`));
  const counter = owner.page.getByRole('switch', { name: 'Guests may pay at the counter' });
  await expect(counter).not.toBeChecked();
  await counter.check();
  await expect(counter).toBeChecked();
  await owner.page.screenshot({ path: `${SHOTS}/tables-tablet-en-light.png` });

  await openWorkspace(owner.page, '/workspace/kitchen', /Café Table/, owner.page.getByRole('heading', { level: 1, name: 'Kitchen' }));
  await expect(owner.page.getByText('No open tickets.', { exact: false })).toBeVisible();

  // ---- the guest scans the code: the café's page, with the table kept ----
  const guest = await memberContext(browser, 'Sami', { viewport: PHONE });
  const scanned = new URL(tableUrl!);
  await guest.page.goto(scanned.pathname + scanned.search);
  await expect(guest.page.getByTestId('table-badge')).toContainText('Table 7');
  await guest.page.getByRole('button', { name: `Add to cart: ${firm.menu.itemName}` }).click();
  await expect(guest.page.getByRole('link', { name: 'In your cart (1)' }).first()).toBeVisible();
  await guest.page.getByRole('button', { name: 'Add to cart: Mint tea' }).click();
  await expect(guest.page.getByText('Mint tea added to your cart.')).toBeVisible();
  await guest.page.screenshot({ path: `${SHOTS}/firm-phone-en-light.png` });

  // ---- the cart: the table, a note, paying at the counter ----
  await guest.page.getByRole('link', { name: 'In your cart (1)' }).first().click();
  const cart = guest.page.getByTestId('cart');
  await expect(cart.getByTestId('table-badge')).toContainText('Table 7');
  await cart.getByLabel('Note for the kitchen').fill('No onions, please');
  await cart.getByRole('radio', { name: /Pay at the counter/ }).check();
  const placed = guest.page.waitForResponse((r) => r.url().includes('/api/user/orders/cart/') && r.request().method() === 'POST');
  await cart.getByRole('button', { name: 'Send the order' }).click();
  expect((await placed).status()).toBe(201);

  // ---- the board shows the ticket within a second, without a reload ----
  const ticket = owner.page.getByTestId('kitchen-ticket').filter({ hasText: 'Table 7' });
  await expect(ticket).toBeVisible({ timeout: 1_000 });
  await expect(ticket).toContainText(`1 × ${firm.menu.itemName}`);
  await expect(ticket).toContainText('1 × Mint tea');
  await expect(ticket).toContainText('No onions, please');
  await expect(ticket).toContainText('To pay at the counter');

  // the guest's order page: served at Table 7, to pay at the counter, received
  await expect(guest.page).toHaveURL(/\/profile\/orders\/SK-/);
  const reference = (await guest.page.getByTestId('order-reference').textContent())!.trim();
  await expect(ticket).toContainText(reference);
  await expect(guest.page.getByTestId('table-badge')).toContainText('Table 7');
  await expect(guest.page.getByTestId('counter-due')).toHaveText(/To pay at the counter: \u2068?€9\.50/);
  const guestStatus = guest.page.getByTestId('kitchen-status');
  await expect(guestStatus).toHaveText('Your order has been received.');

  // ---- the cook starts it and bumps it; the guest's page follows ----
  await ticket.getByRole('button', { name: 'Start' }).click();
  await expect(ticket.getByTestId('ticket-status')).toHaveText('Preparing');
  await expect(guestStatus).toHaveText('Your order is being prepared.');
  await ticket.getByRole('button', { name: 'Bump: ready' }).click();
  await expect(ticket.getByTestId('ticket-status')).toHaveText('Ready');
  // ready: the dishes come to the table (isolated: the table's name may be written either way)
  await expect(guestStatus).toHaveText('Your order is ready: we’re bringing it to \u2068Table 7\u2069.');

  // the guest is told: an in-app notification for this order
  await expect
    .poll(async () => {
      const list = (await (await guest.context.request.get('/api/user/notifications')).json()) as {
        content: { kind: string; title: string; body: string }[];
      };
      return list.content.filter((n) => n.kind === 'order.ready').map((n) => [n.title, n.body.replace(/[\u2066-\u2069]/g, '')]);
    })
    // brought to the table, not "ready to collect"
    .toEqual([['Your order is on its way', `Café Table is bringing order ${reference} to Table 7.`]]);
  await guest.page.screenshot({ path: `${SHOTS}/order-phone-en-light.png`, fullPage: true });

  // ---- staff take the payment at the counter, once ----
  await openWorkspace(
    owner.page,
    `/workspace/orders/${reference}`,
    /Café Table/,
    owner.page.getByRole('heading', { level: 1, name: reference }),
  );
  await expect(owner.page.getByTestId('firm-order-table')).toHaveText('Table 7');
  await owner.page.getByRole('button', { name: 'Paid in cash' }).click();
  await expect(owner.page.getByTestId('order-chip')).toHaveText('Paid');
  await expect(owner.page.getByText('Cash at the counter')).toBeVisible();

  // ---- the same guest pages in Arabic (right to left) and the dark theme ----
  await storeLanguage(guest.page, 'ar');
  await guest.page.emulateMedia({ colorScheme: 'dark' });
  await guest.page.goto(`/${firm.username}`);
  await expect(guest.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(guest.page.getByTestId('table-badge')).toContainText('Table 7');
  await guest.page.screenshot({ path: `${SHOTS}/firm-phone-ar-dark.png` });
  await guest.page.goto(`/profile/orders/${reference}`);
  await expect(guest.page.getByTestId('kitchen-status')).toHaveText('طلبك جاهز: سنحضره إلى \u2068Table 7\u2069.');
  await guest.page.screenshot({ path: `${SHOTS}/order-phone-ar-dark.png`, fullPage: true });

  await owner.context.close();
  await guest.context.close();
});
