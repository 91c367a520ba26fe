import type { FirmOrderSummary } from '../../src/shared/firm-orders';
import type { Paged } from '../../src/shared/paging';
import type { PromoCodeList } from '../../src/shared/promotions';
import { expect, test, uniqueTag } from './support/fixtures';
import { upgradeToGrowth } from './support/payments';
import { openWorkspace } from './support/workspace';

/**
 * A customer's promo code at the till, on a tablet: typed in the sale, its discount shown before the
 * charge, the sale paid at the discounted total, the receipt naming the code, and the code's use counted
 * in the firm's list. Offline, a code cannot be applied.
 */
test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

const headers = () => ({ Origin: test.info().project.use.baseURL! });

test("a customer's 10 % code takes its discount off a till sale and counts a use", async ({ context, page, firm }) => {
  test.setTimeout(120_000);
  await upgradeToGrowth(page, firm.id);
  const code = `TILL${uniqueTag()}`.slice(0, 32).toUpperCase();
  const made = await context.request.post(`/api/dashboard/promotions?firmId=${firm.id}`, {
    headers: headers(),
    data: {
      code,
      kind: 'percent',
      value: 10,
      startsAt: null,
      endsAt: null,
      usageLimit: 5,
      oncePerCustomer: false,
      minOrderMinor: 0,
      targets: { events: [], tiers: [], products: [] },
    },
  });
  expect(made.ok(), await made.text()).toBe(true);

  const till = await context.newPage();
  await openWorkspace(till, '/workspace/pos', firm.name, till.getByTestId('till-items'));
  const tile = (name: string) => till.getByRole('button', { name: new RegExp(`^Add ${name} `) });
  await tile(firm.menu.itemName).tap();
  await tile(firm.menu.itemName).tap();
  await tile(firm.product.name).tap();
  const sale = till.getByTestId('till-ticket');
  await expect(sale.getByTestId('till-total')).toContainText('€25.00');

  await sale.getByLabel('Promo code').fill(code.toLowerCase());
  await sale.getByRole('button', { name: 'Apply' }).tap();
  await expect(sale.getByTestId('promo-code')).toContainText(`Code ${code} applied.`);
  await expect(sale.getByRole('definition').filter({ hasText: /−\W*€2\.50/ })).toBeVisible();
  await expect(sale.getByTestId('till-total')).toContainText('€22.50');
  // the code replaces the till's own discount
  await expect(sale.getByRole('group', { name: 'Discount' })).toHaveCount(0);

  await till.getByRole('button', { name: /^Charge\W+€22\.50/ }).tap();
  await till.getByTestId('till-payment').getByLabel('Cash given').fill('25');
  await expect(till.getByTestId('till-change')).toContainText('€2.50');
  await till.getByRole('button', { name: 'Complete the sale' }).tap();
  const done = till.getByTestId('till-done');
  await expect(done.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  const receipt = till.getByTestId('till-receipt');
  await expect(receipt.getByRole('row', { name: new RegExp(`Code ${code}\\W+€2\\.50`) })).toBeVisible();
  await expect(receipt.getByRole('row', { name: /Total\W+€22\.50/ })).toBeVisible();

  const orders = (await (await context.request.get(`/api/dashboard/orders?firmId=${firm.id}&size=50`)).json()) as Paged<FirmOrderSummary>;
  expect(orders.content.filter((order) => order.kind === 'till').map((order) => [order.status, order.totalMinor])).toEqual([
    ['paid', 2250],
  ]);
  const list = (await (await context.request.get(`/api/dashboard/promotions?firmId=${firm.id}`)).json()) as PromoCodeList;
  expect(list.codes.find((c) => c.code === code)?.uses).toBe(1);

  // offline, the server cannot check a code: Apply is off
  await till.getByRole('button', { name: 'New sale' }).tap();
  await context.setOffline(true);
  await expect(till.getByTestId('till-offline')).toBeVisible();
  await tile(firm.menu.itemName).tap();
  await sale.getByLabel('Promo code').fill(code);
  await expect(sale.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await context.setOffline(false);
});
