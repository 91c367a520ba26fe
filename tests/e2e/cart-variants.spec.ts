import { expect, test, type APIRequestContext } from '@playwright/test';
import { payAndOpenOrder } from './support/payments';
import { DEMO_PASSWORD, signUpWithApi } from './support/auth';
import { storeLanguage } from './support/storage';

/**
 * A product with variants is bought by its variant. Layla (Paper Lantern Books)
 * puts a tote bag in two sizes on sale; a buyer chooses Large on its page, adds it, pays in the
 * sandbox; Large's stock went down by one in the owner's inventory (Medium's did not), and the
 * firm's order names the size. Each run makes its own product and its own buyer (not the demo's
 * Sophie: workspace-orders pays her cart of the same firm, maybe at the same time), so a retry buys
 * again without counting on what an earlier attempt left. Screenshots (phone en light, desktop ar dark) go to
 * SHOTS_DIR.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/variants';
const FIRM = 'Paper Lantern Books';
const PHONE = { width: 390, height: 844 };

interface OwnerProduct {
  id: string;
  shortId: string;
  variants: { id: string; name: string; available: number }[];
}

async function asLayla(request: APIRequestContext) {
  const login = await request.post('/api/iam/login/email', { data: { email: 'layla@souk.test', password: DEMO_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const employments = (await (await request.get('/api/business/employments/with-firms')).json()) as { firmId: string; firmName: string }[];
  return employments.find((e) => e.firmName === FIRM)!.firmId;
}

test('a buyer chooses a size, adds it, pays; that size’s stock goes down and the firm’s order names it', async ({ browser }) => {
  test.setTimeout(120_000);
  const name = `Tote bag ${Date.now().toString(36)}`;
  const ownerContext = await browser.newContext();
  const api = ownerContext.request;
  const firmId = await asLayla(api);
  const origin = { Origin: test.info().project.use.baseURL! };
  const created = await api.post(`/api/dashboard/products?firmId=${firmId}`, {
    headers: origin,
    data: {
      name,
      price: 1500,
      currency: 'EUR',
      variants: [
        { name: 'Medium', price: 1800, initialStock: 5 },
        { name: 'Large', price: 2200, initialStock: 4 },
        { name: 'Giant', price: 2600, initialStock: 0 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as OwnerProduct;
  const published = await api.patch(`/api/dashboard/products/${product.id}/published?firmId=${firmId}`, {
    headers: origin,
    data: { published: true },
  });
  expect(published.ok(), await published.text()).toBe(true);

  // ---- the buyer, phone, English, light ----
  const buyerContext = await browser.newContext({ viewport: PHONE, colorScheme: 'light' });
  await signUpWithApi(buyerContext.request, { firstName: 'Sophie', lastName: 'Martin', email: `buyer-${Date.now()}@souk.test` });
  const page = await buyerContext.newPage();
  await page.goto(`/product/${product.shortId}`);
  const detail = page.getByTestId('item-detail');
  await expect(detail.getByRole('radio', { name: /Medium/ })).toBeChecked();
  // a sold-out size cannot be added: its waitlist is offered instead
  await detail.getByRole('radio', { name: /Giant/ }).check();
  await expect(detail.getByRole('region', { name: /Giant is sold out/ }).getByRole('button', { name: 'Join the waitlist' })).toBeVisible();
  await expect(detail.getByRole('button', { name: /Add to cart/ })).toHaveCount(0);
  await detail.getByRole('radio', { name: /Large/ }).check();
  await expect(detail.getByTestId('item-price')).toContainText('22');
  await page.screenshot({ path: `${SHOTS}/product-phone-en-light.png`, fullPage: true });
  await detail.getByRole('button', { name: `Add to cart: ${name} (Large)` }).click();
  await expect(page.getByText(`${name} — Large added to your cart.`)).toBeVisible();

  await page.goto('/profile/cart');
  const cart = page.getByTestId('cart').filter({ hasText: name });
  const line = cart.getByRole('listitem').filter({ hasText: name });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Large');
  await expect(line).toContainText('22');
  await page.screenshot({ path: `${SHOTS}/cart-phone-en-light.png`, fullPage: true });

  // desktop, Arabic, dark: the same product page and cart read right to left
  const arabic = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    colorScheme: 'dark',
    storageState: await buyerContext.storageState(),
  });
  const ar = await arabic.newPage();
  await ar.goto('/');
  await storeLanguage(ar, 'ar');
  await ar.goto(`/product/${product.shortId}`);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await ar.getByTestId('item-detail').getByRole('radio', { name: /Large/ }).check();
  await ar.screenshot({ path: `${SHOTS}/product-desktop-ar-dark.png`, fullPage: true });
  await ar.goto('/profile/cart');
  await expect(ar.getByTestId('cart').filter({ hasText: name })).toContainText('Large');
  await ar.screenshot({ path: `${SHOTS}/cart-desktop-ar-dark.png`, fullPage: true });
  await arabic.close();

  await cart.getByRole('button', { name: /^Order and pay / }).click();
  await payAndOpenOrder(page);
  const order = page.getByTestId('order-detail');
  await expect(order.getByTestId('order-status')).toHaveText('Paid');
  await expect(order).toContainText(`${name} — Large`);
  const reference = /SK-[0-9A-Z]{6}/.exec(page.url())![0];

  // the owner's inventory: Large went down by one, Medium did not
  const after = (await (await api.get(`/api/dashboard/products/${product.id}?firmId=${firmId}`)).json()) as OwnerProduct;
  expect(after.variants.map((v) => [v.name, v.available])).toEqual([
    ['Medium', 5],
    ['Large', 3],
    ['Giant', 0],
  ]);

  // the firm's order names the size
  const owner = await ownerContext.newPage();
  await owner.goto('/workspace/orders');
  const dialog = owner.getByRole('alertdialog');
  await expect(dialog.or(owner.getByRole('main').getByRole('heading', { level: 1 }))).toBeVisible();
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: new RegExp(FIRM) }).click();
  await owner.goto(`/workspace/orders/${reference}`);
  await expect(owner.getByTestId('firm-order')).toContainText(`${name} — Large`);
  await buyerContext.close();
  await ownerContext.close();
});
