import { expect, test, type Browser, type Page } from '@playwright/test';
import { payAndOpenOrder } from './support/payments';
import { logInWithForm } from './support/auth';
import { storeLanguage } from './support/storage';

/**
 * The firm's side of an order: Sophie buys a product of Paper Lantern Books and pays on the sandbox
 * payment step; Layla, its owner, finds the order in /workspace/orders, opens it and marks it ready
 * to collect; Sophie's own order now says so. Screenshots of the list and the order (phone en light,
 * desktop ar dark) go to SHOTS_DIR.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/firm-side';
const PHONE = { width: 390, height: 844 };
const FIRM = 'Paper Lantern Books';

/** Opens a workspace page on the firm, choosing it if the workspace asks which one. */
async function openWorkspace(page: Page, path: string, firm: string) {
  await page.goto(path);
  const dialog = page.getByRole('alertdialog');
  const main = page.getByRole('main');
  await expect(dialog.or(main.getByRole('heading', { level: 1 }))).toBeVisible();
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: new RegExp(firm) }).click();
}

async function buyProduct(browser: Browser): Promise<{ reference: string; name: string; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, colorScheme: 'light' });
  const page = await context.newPage();
  await logInWithForm(page, 'sophie@souk.test');
  await page.goto('/paper-lantern-books');
  const card = page
    .getByTestId('shop-section')
    .locator('article, li')
    .filter({ has: page.getByRole('button', { name: /^Add to cart: .+$/ }) })
    .first();
  const name = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
  await card.getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page).toHaveURL(/\/product\/[A-Za-z0-9_-]+$/);
  await page
    .getByTestId('item-detail')
    .getByRole('button', { name: `Add to cart: ${name}` })
    .click();
  await expect(page.getByText(`${name} added to your cart.`)).toBeVisible();
  await page.goto('/profile/cart');
  const cart = page.getByTestId('cart').filter({ hasText: name });
  await cart.getByRole('button', { name: /^Order and pay / }).click();
  const reference = await payAndOpenOrder(page);
  await expect(page.getByTestId('order-detail').getByTestId('order-status')).toHaveText('Paid');
  return { reference, name, page };
}

test('a visitor buys a product; the owner finds the order, marks it ready, and the buyer sees it ready', async ({ browser }) => {
  // three browsers, two logins, a payment and four screenshots: 60 s was once not enough on a loaded machine (53–60 s)
  test.setTimeout(120_000);
  const buyer = await buyProduct(browser);

  const context = await browser.newContext({ viewport: PHONE, colorScheme: 'light' });
  const owner = await context.newPage();
  await logInWithForm(owner, 'layla@souk.test');
  await openWorkspace(owner, '/workspace/orders', FIRM);
  await expect(owner.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const row = owner.getByTestId('firm-orders').getByRole('link').filter({ hasText: buyer.reference });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('order-chip')).toHaveText('Paid');
  await expect(row).toContainText('Sophie');
  await owner.screenshot({ path: `${SHOTS}/orders-list-phone-en-light.png`, fullPage: true });

  // the filter and the search find it; another status does not list it
  await owner.getByRole('tab', { name: 'Refunded' }).click();
  await expect(owner.getByTestId('firm-orders').getByRole('link').filter({ hasText: buyer.reference })).toHaveCount(0);
  await owner.getByRole('tab', { name: 'All' }).click();
  await owner.getByRole('searchbox', { name: 'Find an order by its reference' }).fill(buyer.reference.slice(3).toLowerCase());
  await owner.getByRole('button', { name: 'Search' }).click();
  await expect(owner.getByTestId('firm-orders').getByRole('link')).toHaveCount(1);

  await owner.getByTestId('firm-orders').getByRole('link').filter({ hasText: buyer.reference }).click();
  await expect(owner).toHaveURL(new RegExp(`/workspace/orders/${buyer.reference}$`));
  const order = owner.getByTestId('firm-order');
  await expect(order.getByRole('heading', { level: 1 })).toHaveText(buyer.reference);
  await expect(order).toContainText(buyer.name);
  await expect(order).not.toContainText('sophie@souk.test');
  await expect(order.getByTestId('order-chip')).toHaveText('Paid');
  await owner.screenshot({ path: `${SHOTS}/order-detail-phone-en-light.png`, fullPage: true });
  await order.getByRole('button', { name: 'Mark ready to collect' }).click();
  await expect(order.getByTestId('order-chip')).toHaveText('Ready to collect');
  await expect(order.getByRole('button', { name: 'Mark handed over' })).toBeVisible();

  // the buyer's own order says it is ready, and the bell tells them
  await buyer.page.goto(`/profile/orders/${buyer.reference}`);
  await expect(buyer.page.getByTestId('order-detail').getByTestId('order-status')).toHaveText('Ready to collect');
  await buyer.page.goto('/profile/orders');
  await expect(buyer.page.getByRole('link').filter({ hasText: buyer.reference }).getByTestId('order-status')).toHaveText(
    'Ready to collect',
  );

  // the same screens on a desktop, in Arabic, dark
  const arContext = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: 'dark' });
  const ar = await arContext.newPage();
  await logInWithForm(ar, 'layla@souk.test');
  await storeLanguage(ar, 'ar');
  await openWorkspace(ar, '/workspace/orders', FIRM);
  await expect(ar.getByTestId('firm-orders')).toBeVisible();
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await ar.screenshot({ path: `${SHOTS}/orders-list-desktop-ar-dark.png`, fullPage: true });
  await ar.goto(`/workspace/orders/${buyer.reference}`);
  await expect(ar.getByTestId('firm-order').getByTestId('order-chip')).toHaveText('جاهز للاستلام');
  await ar.screenshot({ path: `${SHOTS}/order-detail-desktop-ar-dark.png`, fullPage: true });
  await Promise.all([context.close(), arContext.close(), buyer.page.context().close()]);
});
