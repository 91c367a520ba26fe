import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { upgradeToGrowth } from './support/payments';
import { codeFromOutbox } from './support/auth';
import { storeLanguage } from './support/storage';
import { openWorkspace } from './support/workspace';

/**
 * The workspace's menus, sort-menu, shop and inventory (part B), as an owner lives them:
 * menus with items and a picture, an item sold out today, the order changed with the keyboard only,
 * a product's stock adjusted; a signed-out visitor's firm page and product page follow each change.
 */
const PASSWORD = 'olive-grove-at-dawn';
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/workspace-b';
const MENU_SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/menus2';

/** A new owner (signed in in this context's cookie jar) and their new food firm. */
async function ownerWithFirm(request: APIRequestContext, stamp: string) {
  const origin = { Origin: test.info().project.use.baseURL! };
  const email = `menus-${stamp}@souk.test`;
  const start = await request.post('/api/iam/signup/email/start', {
    headers: origin,
    data: { firstName: 'Salma', lastName: 'Idrissi', email, password: PASSWORD, dateOfBirth: '1991-03-03' },
  });
  expect(start.ok()).toBe(true);
  const complete = await request.post('/api/iam/signup/email/complete', {
    headers: origin,
    data: { email, code: await codeFromOutbox(email) },
  });
  expect(complete.ok()).toBe(true);
  const industries = (await (await request.get('/api/user/explore/industries')).json()) as Array<{
    key: string;
    categories: Array<{ key: string }>;
  }>;
  const food = industries.find((industry) => industry.key === 'foodandbeverage')!;
  const username = `zitouna-${stamp}`;
  const created = await request.post('/api/business/firms', {
    headers: origin,
    data: {
      name: 'Café Zitouna',
      username,
      industryKey: food.key,
      categoryKey: food.categories[0].key,
      description: 'Mint tea and pastries by the old market.',
      timezone: 'Africa/Casablanca',
    },
  });
  expect(created.status()).toBe(201);
  return { username, firmId: ((await created.json()) as { firm: { id: string } }).firm.id };
}

/** Opens a workspace page of the demo's Café Zitouna. */
const openCafe = (page: Page, path: string) => openWorkspace(page, path, /Café Zitouna/);

async function visitor(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('menus: a draft menu with two sections, an item with a picture and options, sold out today, moved to the other section with the keyboard; the public page follows', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'light' });
  const { username, firmId } = await ownerWithFirm(context.request, stamp);
  const owner = await context.newPage();

  // ---- two menus, each a draft until shown ----
  await openCafe(owner, '/workspace/menu');
  await expect(owner.getByRole('heading', { name: 'Menus', level: 1 })).toBeVisible();
  await owner.getByRole('button', { name: 'Add a menu' }).click();
  await expect(owner.getByText('Menu name is required.')).toBeVisible();
  await owner.getByLabel('Menu name').fill('Breakfast');
  await owner.getByRole('button', { name: 'Add a menu' }).click();
  await expect(owner.getByRole('link', { name: /Breakfast/ })).toBeVisible();
  await expect(owner.getByRole('link', { name: /Breakfast/ })).toContainText('Hidden');
  // the free plan holds one menu: said plainly, with the way to more
  await expect(
    owner.getByText("Your Free plan's limit for menus is 1, and you have reached it. The Growth plan allows more."),
  ).toBeVisible();
  await upgradeToGrowth(owner, firmId);
  await owner.goto('/workspace/menu');
  await owner.getByLabel('Menu name').fill('Drinks');
  await owner.getByRole('button', { name: 'Add a menu' }).click();
  await expect(owner.getByRole('link', { name: /Drinks/ })).toBeVisible();

  // ---- two sections: the unnamed one renamed "Hot", "Cold" added ----
  await owner.getByRole('link', { name: /Drinks/ }).click();
  await expect(owner.getByRole('heading', { name: 'Drinks', level: 1 })).toBeVisible();
  await owner.getByRole('button', { name: 'Rename the section Items without a section' }).click();
  await owner.getByLabel('Section name').first().fill('Hot');
  await owner.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(owner.getByText('The section is now “Hot”.')).toBeVisible();
  await owner.getByLabel('Section name').fill('Cold');
  await owner.getByRole('button', { name: 'Add a section' }).click();
  await expect(owner.getByRole('heading', { name: /^Cold/, level: 2 })).toBeVisible();

  // ---- items: a bad price is explained, nothing typed is lost; a picture uploads with progress ----
  await owner.getByRole('link', { name: 'Add an item to Hot' }).click();
  await expect(owner.getByLabel('Menu and section')).toHaveValue(/.+/);
  await owner.getByLabel('Name', { exact: true }).fill('Mint tea');
  await owner.getByLabel('Description').fill('Fresh mint, green tea, as sweet as you like.');
  await owner.getByLabel('Price', { exact: true }).fill('-2');
  await owner.getByRole('button', { name: 'Add the item' }).click();
  await expect(owner.getByText('Price cannot be below zero.')).toBeVisible();
  await expect(owner.getByLabel('Name', { exact: true })).toHaveValue('Mint tea');
  await owner.getByLabel('Price', { exact: true }).fill('2.50');
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3c8a5a' } })
    .png()
    .toBuffer();
  await owner.getByTestId('item-picture-file').setInputFiles({ name: 'tea.png', mimeType: 'image/png', buffer: picture });
  await expect(owner.getByRole('button', { name: 'Change the picture' })).toBeVisible();
  await owner.getByLabel('Vegan').check();
  await owner.getByLabel('Nuts').check();
  await owner.getByRole('button', { name: 'Add an option' }).click();
  await owner.getByLabel('Option', { exact: true }).fill('Large');
  await owner.getByLabel('Price change (EUR)').fill('1');
  await owner.getByRole('button', { name: 'Add the item' }).click();
  await expect(owner.getByRole('heading', { name: 'Drinks', level: 1 })).toBeVisible();
  const hot = owner.getByRole('list', { name: 'Items of Hot' });
  await expect(hot.getByText('Mint tea', { exact: true })).toBeVisible();

  await owner.getByRole('link', { name: 'Add an item to Hot' }).click();
  await owner.getByLabel('Name', { exact: true }).fill('Espresso');
  await owner.getByLabel('Price', { exact: true }).fill('1.80');
  await owner.getByRole('button', { name: 'Add the item' }).click();
  await expect(hot.getByText('Espresso', { exact: true })).toBeVisible();
  await owner.getByRole('link', { name: 'Add an item to Cold' }).click();
  await owner.getByLabel('Name', { exact: true }).fill('Lemonade');
  await owner.getByLabel('Price', { exact: true }).fill('3');
  await owner.getByRole('button', { name: 'Add the item' }).click();
  await expect(owner.getByRole('list', { name: 'Items of Cold' }).getByText('Lemonade', { exact: true })).toBeVisible();

  // ---- sold out today, from the menu editor ----
  await hot.getByRole('listitem').filter({ hasText: 'Espresso' }).getByRole('switch', { name: 'Sold out today' }).check();
  await expect(owner.getByText('“Espresso” is marked sold out today.')).toBeVisible();
  await owner.screenshot({ path: `${MENU_SHOTS}/menu-editor-phone-en-light.png`, fullPage: true });

  // ---- a draft: a signed-out visitor does not see it; shown, both sections are there ----
  // (a new visitor for each look: a returning one's worker may paint its kept copy first, stale-while-revalidate)
  const early = await visitor(browser);
  await early.page.goto(`/${username}`);
  await expect(early.page.getByRole('heading', { name: 'Café Zitouna', level: 1 })).toBeVisible();
  await expect(early.page.getByRole('link', { name: 'Mint tea' })).toHaveCount(0);
  await early.context.close();
  await owner.getByRole('switch', { name: /Shown on your page/ }).check();
  await expect(owner.getByText('“Drinks” is shown on your page.')).toBeVisible();
  const guest = await visitor(browser);
  await guest.page.goto(`/${username}`);
  const menu = guest.page.getByTestId('menu-section');
  await expect(menu.getByRole('link', { name: 'Mint tea' })).toBeVisible();
  // Breakfast is still a draft
  await expect(menu.getByRole('heading', { level: 3 })).toHaveText(['Drinks']);
  await expect(menu.getByRole('heading', { level: 4 })).toHaveText(['Hot', 'Cold']);

  // ---- sort-menu with the keyboard only: Espresso first in Hot, Mint tea into Cold, announced ----
  await owner.goto('/workspace/sort-menu');
  await expect(owner.getByRole('heading', { name: 'Sort the menu', level: 1 })).toBeVisible();
  const handle = owner.getByRole('button', { name: /^Espresso, position 2 of 2/ });
  await handle.focus();
  await owner.keyboard.press('ArrowUp');
  await expect(owner.getByRole('status').filter({ hasText: 'Espresso moved to position 1 of 2 in Hot.' })).toBeAttached();
  await expect(owner.getByRole('button', { name: /^Espresso, position 1 of 2/ })).toBeFocused();
  // past the end of Hot: Mint tea goes into the next section, first there; the focus follows it
  await owner.getByRole('button', { name: /^Mint tea, position 2 of 2/ }).focus();
  await owner.keyboard.press('ArrowDown');
  await expect(owner.getByRole('status').filter({ hasText: 'Mint tea moved to Cold, position 1 of 2.' })).toBeAttached();
  await expect(owner.getByRole('button', { name: /^Mint tea, position 1 of 2/ })).toBeFocused();
  await expect(owner.getByRole('list', { name: 'Items of Cold' }).getByRole('button', { name: /position/ })).toHaveCount(2);
  // the menus too, with the move buttons: Drinks first
  await owner.getByRole('button', { name: 'Move Drinks up' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Drinks moved to position 1 of 2.' })).toBeAttached();
  await owner.screenshot({ path: `${MENU_SHOTS}/sort-menu-phone-en-light.png`, fullPage: true });
  await owner.getByRole('button', { name: 'Save the order' }).click();
  await expect(owner.getByText('This is the order your page shows.')).toBeVisible();

  // ---- the visitor sees the move: Hot has Espresso (sold out), Cold has Mint tea then Lemonade ----
  await guest.context.close();
  const after = await visitor(browser);
  await after.page.goto(`/${username}`);
  const sections = after.page.getByTestId('menu-section').getByRole('region', { name: 'Drinks' });
  await expect(sections.getByRole('link', { name: /^(Espresso|Mint tea|Lemonade)$/ })).toHaveText(['Espresso', 'Mint tea', 'Lemonade']);
  await expect(sections.getByRole('heading', { level: 4 })).toHaveText(['Hot', 'Cold']);
  const coldHeading = sections.getByRole('heading', { name: 'Cold', level: 4 });
  await expect(coldHeading.locator('xpath=following-sibling::ul[1]').getByRole('link')).toHaveText(['Mint tea', 'Lemonade']);
  await expect(sections.getByRole('listitem').filter({ hasText: 'Espresso' }).getByText('Unavailable')).toBeVisible();
  await expect(sections.getByRole('listitem').filter({ hasText: 'Mint tea' }).getByText('Unavailable')).toHaveCount(0);

  // ---- unpublishing hides the menu with its items ----
  await owner.goto('/workspace/menu');
  await owner.getByRole('link', { name: /Drinks/ }).click();
  await owner.getByRole('switch', { name: /Shown on your page/ }).uncheck();
  await expect(owner.getByText('“Drinks” is hidden from your page.')).toBeVisible();
  await after.context.close();
  const late = await visitor(browser);
  await late.page.goto(`/${username}`);
  await expect(late.page.getByRole('heading', { name: 'Café Zitouna', level: 1 })).toBeVisible();
  await expect(late.page.getByRole('link', { name: 'Mint tea' })).toHaveCount(0);
  await expect(late.page.getByRole('heading', { name: 'Hot', level: 4 })).toHaveCount(0);
  await late.context.close();
  await owner.getByRole('switch', { name: /Shown on your page/ }).check();
  await expect(owner.getByText('“Drinks” is shown on your page.')).toBeVisible();

  // ---- Arabic, right to left, desktop dark ----
  const arabic = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    colorScheme: 'dark',
    storageState: await context.storageState(),
  });
  const ar = await arabic.newPage();
  await ar.goto('/');
  await storeLanguage(ar, 'ar');
  await openCafe(ar, '/workspace/sort-menu');
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ar.getByRole('heading', { name: 'رتّب القائمة', level: 1 })).toBeVisible();
  await expect(ar.getByRole('button', { name: 'انقل Breakfast للأعلى' })).toBeVisible();
  await ar.screenshot({ path: `${MENU_SHOTS}/sort-menu-desktop-ar-dark.png`, fullPage: true });
  await ar
    .getByRole('link', { name: /Drinks/ })
    .first()
    .isVisible();
  await ar.goto('/workspace/menu');
  await ar.getByRole('link', { name: /Drinks/ }).click();
  await expect(ar.getByRole('heading', { name: 'Drinks', level: 1 })).toBeVisible();
  await ar.screenshot({ path: `${MENU_SHOTS}/menu-editor-desktop-ar-dark.png`, fullPage: true });
  await arabic.close();
  await context.close();
});

test('shop and inventory: a product with pictures and stock 3, adjusted with reasons; the public pages follow', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now().toString(36)}s`;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'light' });
  const { username, firmId } = await ownerWithFirm(context.request, stamp);
  const owner = await context.newPage();

  await openCafe(owner, '/workspace/shop');
  await expect(owner.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  await owner.getByRole('link', { name: 'Add a product' }).click();
  await owner.getByLabel('Name', { exact: true }).fill('Olive oil soap');
  await owner.getByLabel('Price', { exact: true }).fill('4.50');
  // a "was" price below the price is explained in words, nothing typed is lost
  await owner.getByLabel('Compare-at price').fill('4');
  await owner.getByLabel('In stock now').fill('3');
  await owner.getByRole('button', { name: 'Add the product' }).click();
  await expect(owner.getByText('Compare-at price must be higher than the price.')).toBeVisible();
  await expect(owner.getByLabel('Name', { exact: true })).toHaveValue('Olive oil soap');
  await owner.getByLabel('Compare-at price').fill('6');
  for (const color of ['#b08d57', '#6b8e23']) {
    const picture = await sharp({ create: { width: 600, height: 600, channels: 3, background: color } })
      .png()
      .toBuffer();
    const count = await owner.locator('ul li img').count();
    await owner.getByTestId('product-picture-file').setInputFiles({ name: 'soap.png', mimeType: 'image/png', buffer: picture });
    await expect(owner.locator('ul li img')).toHaveCount(count + 1);
  }
  await expect(owner.getByText('Main', { exact: true })).toBeVisible();
  await owner.getByLabel('Low-stock mark').fill('1');
  await owner.getByRole('button', { name: 'Add the product' }).click();
  await expect(owner.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  await expect(owner.getByRole('link', { name: /Olive oil soap/ })).toContainText('3 in stock');

  const list = (await (await context.request.get(`/api/dashboard/products?firmId=${firmId}`)).json()) as {
    content: Array<{ shortId: string; name: string; images: string[] }>;
  };
  const soap = list.content.find((product) => product.name === 'Olive oil soap')!;
  expect(soap.images).toHaveLength(2);

  // ---- a draft until shown, from its editor ----
  await owner.getByRole('link', { name: /Olive oil soap/ }).click();
  // a new product is a draft: not shown until the owner shows it
  await expect(owner.getByRole('switch', { name: /Shown on your page/ })).not.toBeChecked();
  const early = await visitor(browser);
  await early.page.goto(`/product/${soap.shortId}`);
  await expect(early.page.getByRole('heading', { name: 'Olive oil soap' })).toHaveCount(0);
  await early.context.close();
  await owner.getByRole('switch', { name: /Shown on your page/ }).check();
  await expect(owner.getByText('“Olive oil soap” is shown on your page.')).toBeVisible();
  await owner.getByRole('link', { name: 'Shop' }).first().click();

  // ---- a signed-out visitor sees it in stock ----
  const guest = await visitor(browser);
  await guest.page.goto(`/${username}`);
  await expect(guest.page.getByRole('main').getByText('Olive oil soap')).toBeVisible();
  await guest.page.goto(`/product/${soap.shortId}`);
  await expect(guest.page.getByRole('heading', { name: 'Olive oil soap' })).toBeVisible();
  await expect(guest.page.getByText('Out of stock')).toHaveCount(0);

  // ---- inventory: adjustments with a reason, the refusal below zero in words, the history ----
  await owner.getByRole('link', { name: 'Inventory' }).first().click();
  await expect(owner.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  const row = owner.getByRole('region', { name: 'Olive oil soap' });
  await row.getByLabel('Change').fill('-1');
  await row.getByLabel('Reason').selectOption({ label: 'Damaged' });
  await row.getByLabel('Note').fill('Dropped on delivery');
  await row.getByRole('button', { name: 'Adjust' }).click();
  await expect(row.getByLabel('2 available')).toBeVisible();
  await row.getByLabel('Change').fill('-5');
  await row.getByRole('button', { name: 'Adjust' }).click();
  await expect(row.getByText('Not that many are left in stock: stock cannot go below zero.')).toBeVisible();
  await expect(row.getByLabel('Change')).toHaveValue('-5');
  await row.getByRole('button', { name: 'History' }).click();
  await expect(row.getByRole('list', { name: 'Stock history' }).getByText('Dropped on delivery')).toBeVisible();
  await expect(row.getByRole('list', { name: 'Stock history' }).getByText('Damaged')).toBeVisible();
  await owner.screenshot({ path: `${SHOTS}/inventory-phone-en-light.png`, fullPage: true });
  await row.getByLabel('Change').fill('-2');
  await row.getByLabel('Reason').selectOption({ label: 'Lost' });
  await row.getByRole('button', { name: 'Adjust' }).click();
  await expect(row.getByText('Out of stock')).toBeVisible();
  // the low-stock filter keeps it (0 is at or below its mark of 1)
  await owner.getByRole('switch', { name: /Only the low ones/ }).check();
  await expect(owner.getByRole('region', { name: 'Olive oil soap' })).toBeVisible();

  await guest.context.close();

  // ---- the public product page follows (a visitor arriving now) ----
  const later = await visitor(browser);
  await later.page.goto(`/product/${soap.shortId}`);
  await expect(later.page.getByRole('heading', { name: 'Olive oil soap' })).toBeVisible();
  await expect(later.page.getByText('Out of stock').first()).toBeVisible();
  await expect(later.page.getByRole('button', { name: 'Add to cart: Olive oil soap' })).toHaveCount(0);
  await later.context.close();

  // ---- Arabic, desktop dark ----
  const arabic = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    colorScheme: 'dark',
    storageState: await context.storageState(),
  });
  const ar = await arabic.newPage();
  await ar.goto('/');
  await storeLanguage(ar, 'ar');
  await openCafe(ar, '/workspace/inventory');
  await expect(ar.getByRole('heading', { name: 'الجرد', level: 1 })).toBeVisible();
  await ar.getByRole('region', { name: 'Olive oil soap' }).getByRole('button', { name: 'السجل' }).click();
  await ar.screenshot({ path: `${SHOTS}/inventory-desktop-ar-dark.png`, fullPage: true });
  await arabic.close();
  await context.close();
});

test('variants: a product in two sizes, one sold out; the visitor chooses one and sees its price and state', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now().toString(36)}v`;
  const context = await browser.newContext();
  const { firmId } = await ownerWithFirm(context.request, stamp);
  const origin = { Origin: test.info().project.use.baseURL! };
  const created = await context.request.post(`/api/dashboard/products?firmId=${firmId}`, {
    headers: origin,
    data: {
      name: 'Linen apron',
      price: 2000,
      currency: 'MAD',
      variants: [
        { name: 'Small', price: 1800, initialStock: 0 },
        { name: 'Large', price: 2200, initialStock: 4 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const apron = (await created.json()) as { id: string; shortId: string };
  expect(
    (await context.request.patch(`/api/dashboard/products/${apron.id}/published`, { headers: origin, data: { published: true } })).ok(),
  ).toBe(true);

  // the owner's editor lists both variants
  const owner = await context.newPage();
  await openCafe(owner, `/workspace/shop/${apron.id}`);
  await expect(owner.getByRole('group', { name: 'Variants' })).toBeVisible();
  await expect(owner.getByLabel('Variant name').first()).toHaveValue('Small');
  await expect(owner.getByLabel('Variant name').nth(1)).toHaveValue('Large');

  // a signed-out visitor: the size that can be had is chosen first, the empty one is marked sold out
  const guest = await visitor(browser);
  await guest.page.goto(`/product/${apron.shortId}`);
  const detail = guest.page.getByTestId('item-detail');
  await expect(detail.getByRole('radio', { name: /Large/ })).toBeChecked();
  await expect(detail.getByTestId('item-price')).toContainText('22');
  await expect(detail.getByText('Sold out')).toHaveCount(1);
  await detail.getByRole('radio', { name: /Small/ }).check();
  await expect(detail.getByTestId('item-price')).toContainText('18');
  await expect(detail.getByTestId('item-price')).toContainText('Sold out');
  await guest.context.close();
  await context.close();
});

test('deleting a section, then the menu, says so and goes back to the menus, though the deleted part leaves the page', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const context = await browser.newContext();
  await ownerWithFirm(context.request, `del-${stamp}`);
  const owner = await context.newPage();
  await openCafe(owner, '/workspace/menu');
  await owner.getByLabel('Menu name').fill('Brunch');
  await owner.getByRole('button', { name: 'Add a menu' }).click();
  await owner.getByRole('link', { name: /Brunch/ }).click();
  await owner.getByLabel('Section name').fill('Sweet');
  await owner.getByRole('button', { name: 'Add a section' }).click();

  // the section's panel goes away with the refetch that follows the deletion: its toast must not go with it
  await owner.getByRole('button', { name: 'Delete the section Sweet' }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(owner.getByText('The section “Sweet” is deleted.')).toBeVisible();
  await expect(owner.getByRole('heading', { name: /^Sweet/, level: 2 })).toHaveCount(0);

  // so does the menu's editor
  await owner.getByRole('button', { name: 'Delete the menu' }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Delete the menu' }).click();
  await expect(owner.getByText('“Brunch” is deleted.')).toBeVisible();
  await expect(owner).toHaveURL(/\/workspace\/menu$/);
  await expect(owner.getByRole('link', { name: /Brunch/ })).toHaveCount(0);
  await context.close();
});
