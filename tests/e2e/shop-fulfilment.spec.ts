import { expect, memberContext, test } from './support/fixtures';
import { payAndOpenOrder } from './support/payments';
import { storeLanguage } from './support/storage';

/**
 * Shop fulfilment end to end: the owner switches local delivery on with a fee on the shop page; a
 * buyer on a phone orders the shop's product with delivery, gives the address, sees the fee in the
 * total, pays in the sandbox; the confirmation says the order (not tickets) is confirmed, and the
 * buyer's and the firm's order pages say delivery, with the address and the fee. The checkout
 * choice is shot in Arabic on the phone (SHOTS_DIR).
 */
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/fulfil';
const PHONE = { width: 390, height: 844 };
const ADDRESS = 'Sami Buyer, 4 Rue de Marseille, 1000 Tunis, TN';

test('delivery with a fee: set by the owner, chosen at checkout, said on the order pages', async ({ page, firm, browser }) => {
  test.setTimeout(90_000);
  // ---- the owner: delivery on, 3.50, from 10.00 ----
  await page.goto('/workspace/shop');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.or(page.getByRole('main').getByRole('heading', { level: 1 }))).toBeVisible({ timeout: 30_000 });
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: new RegExp(firm.name) }).click();
  const settings = page.getByRole('form', { name: 'Pickup and delivery' });
  await settings.getByRole('switch', { name: 'Local delivery' }).check();
  await settings.getByLabel('Delivery zone').fill('Tunis centre');
  await settings.getByLabel('Delivery fee').fill('3.50');
  await settings.getByLabel('Minimum order for delivery').fill('10');
  await settings.getByRole('button', { name: 'Save pickup and delivery' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved.');

  // ---- the buyer, on a phone: the product in the cart ----
  const buyer = await memberContext(browser, 'Sami', { viewport: PHONE });
  const added = await buyer.context.request.put('/api/user/cart/items', {
    headers: { Origin: test.info().project.use.baseURL! },
    data: { itemType: 'product', itemId: firm.product.id, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const shop = buyer.page;

  // the choice, in Arabic, on the phone
  await shop.goto('/');
  await storeLanguage(shop, 'ar');
  await shop.goto('/profile/cart');
  await expect(shop.locator('html')).toHaveAttribute('dir', 'rtl');
  const arCart = shop.getByTestId('cart');
  await arCart.getByRole('radio', { name: /التوصيل/ }).check();
  await expect(arCart.getByRole('group', { name: 'عنوان التوصيل' })).toBeVisible();
  await shop.screenshot({ path: `${SHOTS}/checkout-choice-phone-ar.png`, fullPage: true });

  // back in English: delivery, the address, the fee in the total
  await storeLanguage(shop, 'en');
  await shop.goto('/profile/cart');
  const cart = shop.getByTestId('cart');
  await expect(cart.getByRole('radio', { name: 'Pickup' })).toBeChecked();
  await cart.getByRole('radio', { name: /^Delivery/ }).check();
  await cart.getByRole('button', { name: /^Order and pay / }).click();
  // no address yet: the form says what is missing, nothing is ordered
  await expect(cart.getByRole('alert').first()).toBeVisible();
  await expect(shop).toHaveURL(/\/profile\/cart/);
  await cart.getByLabel('Recipient').fill('Sami Buyer');
  await cart.getByLabel('Street and number').fill('4 Rue de Marseille');
  await cart.getByLabel('Postal code').fill('1000');
  await cart.getByLabel('City').fill('Tunis');
  await cart.getByLabel('Country').selectOption('TN');
  await expect(cart.getByTestId('delivery-fee')).toContainText('€3.50');
  await cart.getByRole('button', { name: /^Order and pay .*€15\.50/ }).click();
  await payAndOpenOrder(shop);

  const order = shop.getByTestId('order-detail');
  await expect(order.getByRole('status').filter({ hasText: 'Payment confirmed' })).toHaveText(
    'Payment confirmed. Your order is confirmed.',
  );
  await expect(order.getByTestId('order-handover')).toContainText('Delivered to');
  await expect(order.getByTestId('order-handover')).toContainText(ADDRESS);
  await expect(order.getByTestId('order-delivery-fee')).toContainText('€3.50');
  await expect(order.getByTestId('order-total')).toContainText('€15.50');
  await shop.screenshot({ path: `${SHOTS}/order-delivery-phone-en.png`, fullPage: true });
  const reference = /SK-[0-9A-Z]{6}/.exec(shop.url())![0];

  // ---- the firm's order page: delivery, where to ----
  await page.goto(`/workspace/orders/${reference}`);
  const firmOrder = page.getByTestId('firm-order');
  await expect(firmOrder.getByTestId('order-handover')).toContainText(ADDRESS);
  await expect(firmOrder).toContainText('€3.50');
  await buyer.context.close();
});
