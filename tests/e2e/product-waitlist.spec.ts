import type { APIRequestContext } from '@playwright/test';
import { expect, memberContext, test, uniqueTag } from './support/fixtures';
import { payAndOpenOrder } from './support/payments';
import { storeLanguage } from './support/storage';
import { openWorkspace } from './support/workspace';

/**
 * A sold-out product's waitlist: a member joins it from the product's page, the owner sees them
 * waiting and restocks, the member is offered the unit (a notification), puts it in the cart and
 * orders it; nobody else can buy it meanwhile.
 */
const origin = () => ({ Origin: test.info().project.use.baseURL! });
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/product-waitlist';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A published product of the firm with none in stock. */
async function soldOutProduct(request: APIRequestContext, firmId: string) {
  const name = `Amber candle ${uniqueTag()}`;
  const product = await ok<{ id: string; shortId: string }>(
    await request.post(`/api/dashboard/products?firmId=${firmId}`, {
      headers: origin(),
      data: { name, description: 'Poured by hand.', price: 1200, currency: 'EUR', initialStock: 0 },
    }),
  );
  await ok(
    await request.patch(`/api/dashboard/products/${product.id}/published?firmId=${firmId}`, {
      headers: origin(),
      data: { published: true },
    }),
  );
  return { ...product, name };
}

test('a sold-out product: a member joins its waitlist, the owner restocks, the member is offered the unit and orders it', async ({
  browser,
  page,
  firm,
}) => {
  test.setTimeout(90_000);
  const product = await soldOutProduct(page.request, firm.id);

  const first = await memberContext(browser, 'Amal', { viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  await first.page.goto(`/product/${product.shortId}`);
  const panel = first.page.getByTestId('waitlist-panel');
  await expect(panel).toContainText(`${product.name} is sold out`, { timeout: 20_000 });
  await first.page.screenshot({ path: `${SHOTS}/product-desktop-en-light.png`, fullPage: true });
  await panel.getByLabel('How many').fill('1');
  await panel.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(first.page.getByTestId('waitlist-place')).toHaveText(
    'You are number 1 in line for 1 unit. We will tell you when it is held for you.',
  );

  // the owner sees one person waiting on the product's workspace page, and restocks
  await openWorkspace(page, `/workspace/shop/${product.id}`, firm.name, page.getByTestId('waitlists'));
  await expect(page.getByTestId('waitlist-line').getByRole('cell').first()).toHaveText('1');
  await page.screenshot({ path: `${SHOTS}/workspace-product-desktop-en-light.png`, fullPage: true });
  await ok(
    await page.request.post(`/api/dashboard/products/${product.id}/stock`, {
      headers: origin(),
      data: { delta: 1, reason: 'received' },
    }),
  );

  // the unit is held: another member cannot put it in a cart
  const other = await memberContext(browser, 'Badr');
  const refused = await other.context.request.put('/api/user/cart/items', {
    headers: origin(),
    data: { itemType: 'product', itemId: product.id, quantity: 1 },
  });
  expect(refused.status()).toBe(409);

  // the member follows the offer's notification to the product, adds the held unit and orders it
  await first.page.goto('/profile/notifications');
  const notice = first.page.getByTestId('notification').filter({ hasText: `Held for you: ${product.name}` });
  await expect(notice).toHaveCount(1, { timeout: 20_000 });
  await first.page.goto((await notice.getAttribute('href'))!);
  await expect(first.page.getByTestId('waitlist-offer')).toContainText('1 unit from the waitlist is held for you until', {
    timeout: 20_000,
  });
  await first.page.screenshot({ path: `${SHOTS}/offer-desktop-en-light.png`, fullPage: true });

  // the same offer on a phone, in Arabic, dark
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
    storageState: await first.context.storageState(),
  });
  const ar = await phone.newPage();
  await ar.goto('/');
  await storeLanguage(ar, 'ar');
  await ar.goto(`/product/${product.shortId}`);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ar.getByTestId('waitlist-offer')).toBeVisible({ timeout: 20_000 });
  await ar.screenshot({ path: `${SHOTS}/offer-phone-ar-dark.png`, fullPage: true });
  await phone.close();

  await first.page.getByRole('button', { name: `Add to cart: ${product.name}` }).click();
  await expect(first.page.getByText(`${product.name} added to your cart.`)).toBeVisible();
  await first.page.goto('/profile/cart');
  const cart = first.page.getByTestId('cart').filter({ hasText: product.name });
  await cart.getByRole('button', { name: /^Order and pay / }).click();
  await payAndOpenOrder(first.page);
  await expect(first.page.getByTestId('order-detail')).toContainText(product.name);
  await first.context.close();
  await other.context.close();
});
