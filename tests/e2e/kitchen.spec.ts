import { expect, memberContext, test } from './support/fixtures';
import { cafeTakingOrders } from './support/kitchen';
import { payAndOpenOrder } from './support/payments';
import { storeLanguage } from './support/storage';
import { openWorkspace } from './support/workspace';

/**
 * The kitchen display: an owner's new café (on the plan with the kitchen screen) opens ordering;
 * a guest orders two dishes with a note and pays in the sandbox; the ticket appears on the
 * owner's board without a reload, the cook starts it and bumps it ready, and the guest's order page,
 * open all along, follows each step and the guest is notified.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/kitchen';

test('a guest’s paid dishes reach the kitchen board live; the cook starts and bumps the ticket; the guest sees it ready and is notified', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const origin = { Origin: test.info().project.use.baseURL! };

  // ---- the owner, on a tablet ----
  const { owner, firm } = await cafeTakingOrders(browser, 'Café Kitchen');
  await openWorkspace(owner.page, '/workspace/kitchen', /Café Kitchen/, owner.page.getByRole('heading', { level: 1, name: 'Kitchen' }));
  await expect(owner.page.getByText('No open tickets.', { exact: false })).toBeVisible();

  // ---- the guest orders two dishes with a note, and pays ----
  const guest = await memberContext(browser, 'Sami', { viewport: { width: 390, height: 844 } });
  const added = await guest.context.request.put('/api/user/cart/items', {
    headers: origin,
    data: { itemType: 'menu_item', itemId: firm.menu.itemId, quantity: 2 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const checkout = await guest.context.request.post(`/api/user/orders/cart/${firm.id}`, {
    headers: { ...origin, 'Idempotency-Key': crypto.randomUUID() },
    data: { expectedTotal: 1300, currency: 'EUR', note: 'One without sesame' },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  await guest.page.goto(((await checkout.json()) as { redirectUrl: string }).redirectUrl);
  const reference = await payAndOpenOrder(guest.page);
  const guestStatus = guest.page.getByTestId('kitchen-status');
  await expect(guestStatus).toHaveText('Your order has been received.');

  // ---- the board shows the ticket without a reload ----
  const ticket = owner.page.getByTestId('kitchen-ticket').filter({ hasText: reference });
  await expect(ticket).toBeVisible();
  await expect(ticket).toContainText(`2 × ${firm.menu.itemName}`);
  await expect(ticket).toContainText('One without sesame');
  await expect(ticket.getByTestId('ticket-status')).toHaveText('New');
  await expect(owner.page.getByTestId('kitchen-all-day')).toContainText(firm.menu.itemName);

  await ticket.getByRole('button', { name: 'Start' }).click();
  await expect(ticket.getByTestId('ticket-status')).toHaveText('Preparing');
  await expect(guestStatus).toHaveText('Your order is being prepared.');

  await ticket.getByRole('button', { name: 'Bump: ready' }).click();
  await expect(ticket.getByTestId('ticket-status')).toHaveText('Ready');
  // ordered without a table: collected at the counter
  await expect(guestStatus).toHaveText('Your order is ready: collect it at the counter.');
  await expect(owner.page.getByText('Nothing left to make.')).toBeVisible();

  // the guest is told: an in-app notification for this order
  const notifications = (await (await guest.context.request.get('/api/user/notifications')).json()) as {
    content: { kind: string; link?: string }[];
  };
  expect(notifications.content.filter((n) => n.kind === 'order.ready')).toHaveLength(1);

  // the same board in Arabic (right to left) and the dark theme; screenshots of both go to SHOTS_DIR
  await owner.page.screenshot({ path: `${SHOTS}/kitchen-tablet-en-light.png` });
  await storeLanguage(owner.page, 'ar');
  await owner.page.emulateMedia({ colorScheme: 'dark' });
  await owner.page.reload();
  await expect(owner.page.getByRole('heading', { level: 1, name: 'المطبخ' })).toBeVisible();
  await expect(owner.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ticket.getByTestId('ticket-status')).toHaveText('جاهز');
  await owner.page.screenshot({ path: `${SHOTS}/kitchen-tablet-ar-dark.png` });
  await guest.page.screenshot({ path: `${SHOTS}/order-ready-phone-en.png`, fullPage: true });

  await owner.context.close();
  await guest.context.close();
});
