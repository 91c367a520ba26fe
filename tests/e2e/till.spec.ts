import type { KitchenBoard } from '../../src/shared/kitchen';
import { expect, test } from './support/fixtures';
import { readOutbox } from '../../src/server/testing/outbox';
import { payInSandbox, upgradeToGrowth } from './support/payments';
import { openTill, productLeft, queuedSales, sellOffline, tile, tillOrders } from './support/till';

/**
 * The till on a tablet: a cash sale of two dishes and a product gives the right change, prints a
 * till-roll receipt, mails it to the customer, and is an order in the workspace with its dishes on the kitchen board. A sale
 * split between cash and a card takes the card on the payment provider's step and comes back to its receipt. Offline,
 * three cash sales wait on the device, survive the tab being closed, and reach the server exactly
 * once when the connection returns, also when the same batch is sent again. (That is a browser
 * without Background Sync, the till sending on its next start; with it, the service worker sends
 * them with no till open: till-background-sync.spec.ts.)
 */
test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

const headers = () => ({ Origin: test.info().project.use.baseURL! });

test('a cash sale gives the change, prints a receipt, and is an order with its dishes in the kitchen', async ({ context, page, firm }) => {
  test.setTimeout(120_000);
  await upgradeToGrowth(page, firm.id);
  const till = await openTill(context, firm);
  await tile(till, firm.menu.itemName).tap();
  await tile(till, firm.menu.itemName).tap();
  await tile(till, firm.product.name).tap();
  await expect(till.getByTestId('till-total')).toContainText('€25.00');

  await till.getByRole('button', { name: /^Charge\W+€25\.00/ }).tap();
  await till
    .getByTestId('till-payment')
    .getByRole('button', { name: /€50\.00/ })
    .tap();
  await expect(till.getByTestId('till-change')).toContainText('Change to give: ');
  await expect(till.getByTestId('till-change')).toContainText('€25.00');
  await till.getByRole('button', { name: 'Complete the sale' }).tap();
  const done = till.getByTestId('till-done');
  await expect(done.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  await expect(done.getByTestId('till-done-change')).toContainText('€25.00');
  const reference = (await done.locator('bdi[dir="ltr"]').textContent())!;
  expect(reference).toMatch(/^SK-/);

  // the receipt prints alone, on a till roll
  await till.emulateMedia({ media: 'print' });
  await expect(till.getByTestId('till-receipt')).toBeVisible();
  await expect(till.getByRole('button', { name: 'New sale' })).toBeHidden();
  expect((await till.pdf({ width: '80mm', height: '200mm' })).length).toBeGreaterThan(1000);
  await till.emulateMedia({ media: 'screen' });

  // and by mail, for a customer who would rather not take paper
  const customer = `till-${reference.toLowerCase()}@souk.test`;
  await done.getByLabel('Email the receipt to').fill(customer);
  await done.getByRole('button', { name: 'Send' }).tap();
  await expect(done.getByRole('status')).toContainText(customer);
  await expect.poll(() => readOutbox(process.env.SOUK_E2E_DATA_DIR!).find((mail) => mail.to === customer)?.text ?? '').toContain(reference);
  const receiptMail = readOutbox(process.env.SOUK_E2E_DATA_DIR!).find((mail) => mail.to === customer)!;
  expect(receiptMail.subject).toBe(`Your receipt from ${firm.name}`);
  expect(receiptMail.text).toContain('€25.00');

  const orders = await tillOrders(context, firm);
  expect(orders.map((order) => [order.reference, order.status, order.totalMinor])).toEqual([[reference, 'paid', 2500]]);
  expect(await productLeft(context, firm)).toBe(19);
  const board = (await (await context.request.get(`/api/dashboard/kitchen?firmId=${firm.id}`)).json()) as KitchenBoard;
  expect(board.tickets.find((ticket) => ticket.reference === reference)?.items).toEqual([
    expect.objectContaining({ label: firm.menu.itemName, quantity: 2 }),
  ]);

  await till.getByRole('button', { name: 'New sale' }).tap();
  await till.goto(`/workspace/orders/${reference}`);
  const order = till.getByTestId('firm-order');
  await expect(order).toContainText('Till sale');
  await expect(order).toContainText('Cash at the till');
});

test('a split sale takes the cash part, the card on the provider step, and prints and mails a receipt with both', async ({
  context,
  page,
  firm,
}) => {
  test.setTimeout(120_000);
  await upgradeToGrowth(page, firm.id);
  const till = await openTill(context, firm);
  await tile(till, firm.menu.itemName).tap();
  await tile(till, firm.product.name).tap();
  await till.getByRole('button', { name: /^Charge\W+€18\.50/ }).tap();

  const payment = till.getByTestId('till-payment');
  await payment.getByRole('radio', { name: 'Cash and card' }).check();
  await payment.getByLabel('Card part').fill('10');
  await expect(payment).toContainText(/The rest in cash: \W*€8\.50/);
  await payment.getByLabel('Cash given').fill('10');
  await expect(till.getByTestId('till-change')).toContainText('€1.50');
  await payment.getByRole('button', { name: /^Take\W+€10\.00\W+by card$/ }).tap();

  // the provider's step stands in for the card terminal, and comes back to the till
  await payInSandbox(till);
  const done = till.getByTestId('till-done');
  await expect(done.getByRole('heading', { name: 'Sale complete' })).toBeVisible({ timeout: 15_000 });
  await expect(till).toHaveURL(/\/workspace\/pos$/);
  await expect(done.getByTestId('till-done-change')).toContainText('€1.50');
  const receipt = till.getByTestId('till-receipt');
  await expect(receipt.getByRole('row', { name: /Card\W+€10\.00/ })).toBeVisible();
  await expect(receipt.getByRole('row', { name: /Cash\W+€10\.00/ })).toBeVisible();
  await expect(receipt.getByRole('row', { name: /Total\W+€18\.50/ })).toBeVisible();
  const reference = (await done.locator('bdi[dir="ltr"]').textContent())!;

  await till.emulateMedia({ media: 'print' });
  await expect(receipt).toBeVisible();
  expect((await till.pdf({ width: '80mm', height: '200mm' })).length).toBeGreaterThan(1000);
  await till.emulateMedia({ media: 'screen' });

  const customer = `split-${reference.toLowerCase()}@souk.test`;
  await done.getByLabel('Email the receipt to').fill(customer);
  await done.getByRole('button', { name: 'Send' }).tap();
  await expect.poll(() => readOutbox(process.env.SOUK_E2E_DATA_DIR!).find((mail) => mail.to === customer)?.text ?? '').toContain(reference);
  const mailed = readOutbox(process.env.SOUK_E2E_DATA_DIR!).find((mail) => mail.to === customer)!.text;
  expect(mailed).toMatch(/Paid by card\W+€10\.00/);
  expect(mailed).toMatch(/Paid in cash\W+€10\.00/);

  const orders = await tillOrders(context, firm);
  expect(orders.map((order) => [order.reference, order.status, order.totalMinor])).toEqual([[reference, 'paid', 1850]]);
  const board = (await (await context.request.get(`/api/dashboard/kitchen?firmId=${firm.id}`)).json()) as KitchenBoard;
  expect(board.tickets.find((ticket) => ticket.reference === reference)?.items).toEqual([
    expect.objectContaining({ label: firm.menu.itemName, quantity: 1 }),
  ]);
});

test('offline cash sales wait on the device, outlive the tab, and are taken exactly once when the connection returns', async ({
  context,
  page,
  firm,
}) => {
  test.setTimeout(150_000);
  // a browser without Background Sync (Firefox, Safari): the till itself sends on its next start
  await context.addInitScript(() => {
    delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
  });
  await upgradeToGrowth(page, firm.id);
  let till = await openTill(context, firm);
  await till.getByRole('switch', { name: 'Keep selling for cash while offline' }).click();
  await expect(till.getByRole('switch', { name: 'Keep selling for cash while offline' })).toBeChecked();

  await context.setOffline(true);
  await expect(till.getByTestId('till-offline')).toHaveText(
    'The till is offline. Cash sales go on and are sent when the connection returns.',
  );
  await sellOffline(till, firm, 3);
  await expect(till.getByTestId('till-offline')).toHaveText('Offline: 3 sales are waiting to be sent.');
  const queued = await queuedSales(till);
  expect(queued).toHaveLength(3);
  expect(await tillOrders(context, firm)).toEqual([]);

  // the tab is closed with the sales still waiting; the connection returns; the till is opened again
  await till.close();
  await context.setOffline(false);
  till = await openTill(context, firm);
  await expect(till.getByText('3 offline sales sent.')).toBeVisible({ timeout: 30_000 });
  await expect(till.getByTestId('till-sending')).toBeHidden();
  const orders = await tillOrders(context, firm);
  expect(orders).toHaveLength(3);
  expect(await productLeft(context, firm)).toBe(17);

  // the same batch sent again (a retried request): the same sales, nothing new
  for (const input of queued) {
    const again = await context.request.post(`/api/dashboard/till/sales?firmId=${firm.id}`, { headers: headers(), data: input });
    expect(again.status()).toBe(200);
  }
  expect(await tillOrders(context, firm)).toHaveLength(3);
  expect(await productLeft(context, firm)).toBe(17);
});
