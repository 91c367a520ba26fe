import { expect, test } from './support/fixtures';

/**
 * A product and a dish have a page (picture, description, price, diet and
 * allergens, Save, Share), reachable from the firm page and from /showcase; nothing there is a
 * button that does nothing.
 */

test('a product opens from its firm’s shop: picture, price, Save and Share, no dead button', async ({ page }) => {
  await page.goto('/paper-lantern-books');
  const shop = page.getByTestId('shop-section');
  // a product sold as it is (one with sizes is added from its page once a size is chosen: cart-variants.spec.ts)
  const first = shop
    .getByRole('listitem')
    .filter({ hasNot: page.getByText('Choose a size or colour') })
    .filter({ hasNot: page.getByText(/out of stock/i) })
    .first()
    .getByRole('heading', { level: 3 });
  const name = (await first.textContent())!.trim();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/product\/[A-Za-z0-9_-]+$/);
  const detail = page.getByTestId('item-detail');
  await expect(detail.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(detail.getByTestId('item-price')).toContainText(/\d/);
  await expect(detail.getByRole('link', { name: 'Paper Lantern Books' })).toHaveAttribute('href', '/paper-lantern-books');
  await expect(detail.getByRole('button', { name: /save/i })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Share' })).toBeVisible();
  // Add to cart is a real action: signed out, it asks to log in
  await detail.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(page.getByText('Log in to order.')).toBeVisible();
  // served by the server too (a shared link)
  const html = await (await page.request.get(page.url(), { headers: { Accept: 'text/html' } })).text();
  expect(html).toContain('data-testid="item-detail"');
});

test('a dish opens from its firm’s menu with its diet and allergens', async ({ page }) => {
  await page.goto('/dar-nour');
  const menu = page.getByTestId('menu-section');
  await menu.getByRole('heading', { level: 4 }).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/dish\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('item-detail').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('item-price')).toContainText(/\d/);
});

test('an unknown product is the 404 page', async ({ page }) => {
  const response = await page.goto('/product/nothere99');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
});

test('a product on sale shows the price it had, struck through, and says when few are left, and that they are in the cart', async ({
  page,
  member: _member,
  othersFirm,
}) => {
  const { ownerRequest, id: firmId, username } = othersFirm;
  const headers = { Origin: test.info().project.use.baseURL! };
  const created = await ownerRequest.post(`/api/dashboard/products?firmId=${firmId}`, {
    headers,
    data: { name: 'Brass lantern', price: 1200, compareAtPrice: 1500, currency: 'EUR', initialStock: 2, lowStockAt: 3 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const product = (await created.json()) as { id: string; shortId: string };
  const published = await ownerRequest.patch(`/api/dashboard/products/${product.id}/published?firmId=${firmId}`, {
    headers,
    data: { published: true },
  });
  expect(published.ok()).toBe(true);

  await page.goto(`/product/${product.shortId}`);
  const price = page.getByTestId('item-price');
  await expect(price).toContainText('€12.00');
  // money is isolated (bidi marks) for Arabic pages
  await expect(price.locator('s')).toHaveText(/^Was \W?€15\.00\W?$/);
  await expect(page.getByText('Only 2 left')).toBeVisible();
  await expect(page.getByRole('link', { name: othersFirm.name })).toHaveAttribute('href', `/${username}`);

  // both in the cart: a third is refused with what the buyer can do about it, not "out of stock"
  const add = page.getByRole('button', { name: 'Add to cart: Brass lantern' });
  await add.click();
  await expect(page.getByRole('link', { name: 'In your cart (1)' })).toBeVisible();
  await add.click();
  await expect(page.getByRole('link', { name: 'In your cart (2)' })).toBeVisible();
  await add.click();
  await expect(page.getByText('The last 2 of “Brass lantern” are in your cart already.')).toBeVisible();
});
