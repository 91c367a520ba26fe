import AxeBuilder from '@axe-core/playwright';
import { createFirm, expect, memberContext, test } from './support/fixtures';
import { payAndOpenOrder, upgradeToGrowth } from './support/payments';
import { storeLanguage } from './support/storage';
import { openWorkspace } from './support/workspace';

/**
 * The kitchen's own controls: the owner sets the timers to turn amber after one minute; the cook
 * takes the café's dish off from the board, and a signed-out guest's menu page, open all along,
 * shows it unavailable without a reload (the public menu stream), and back on again; a guest's
 * ticket then turns amber once a minute has passed on the tablet's clock (Playwright's clock,
 * rather than a minute's wait). Then the board in Arabic (right to left) with its new controls
 * passes axe.
 */
const TABLET = { width: 1024, height: 768 };
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/kitchen';

test('the cook 86es a dish and an open menu follows live; the firm’s amber threshold turns a ticket amber', async ({ browser }) => {
  test.setTimeout(90_000);
  const origin = { Origin: test.info().project.use.baseURL! };

  // ---- the owner's tablet, its clock under the test's control from the start ----
  const owner = await memberContext(browser, 'Layal', { viewport: TABLET });
  const firm = await createFirm(owner.context.request, 'Café Ashes');
  await upgradeToGrowth(owner.page, firm.id);
  const opened = await owner.context.request.put(`/api/dashboard/kitchen/ordering?firmId=${firm.id}`, {
    headers: origin,
    data: { takesOrders: true },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  await owner.page.clock.install();
  await openWorkspace(owner.page, '/workspace/kitchen', /Café Ashes/, owner.page.getByRole('heading', { level: 1, name: 'Kitchen' }));

  // ---- the timers: red before amber is refused in the form, amber at 1 min is saved ----
  await owner.page.getByRole('button', { name: 'Set up' }).click();
  const setup = owner.page.getByRole('dialog', { name: 'Kitchen set-up' });
  await setup.getByLabel('Amber at').fill('5');
  await setup.getByLabel('Red at').fill('3');
  await setup.getByRole('button', { name: 'Save the timers' }).click();
  await expect(setup.getByText('Red at: whole minutes, later than amber, at most 240.')).toBeVisible();
  await setup.getByLabel('Amber at').fill('1');
  await setup.getByLabel('Red at').fill('30');
  await setup.getByRole('button', { name: 'Save the timers' }).click();
  await expect(setup.getByText('Timers saved.')).toBeVisible();
  await owner.page.keyboard.press('Escape');
  await expect(owner.page.getByText('turns amber at 1 min and red at 30 min')).toBeVisible();

  // ---- a signed-out guest has the café's menu open ----
  const viewer = await browser.newContext();
  const menuPage = await viewer.newPage();
  const streaming = menuPage.waitForResponse((response) => response.url().includes('/api/public/menu/live'));
  await menuPage.goto(`/${firm.username}`);
  const menu = menuPage.getByTestId('menu-section');
  await expect(menu.getByRole('link', { name: firm.menu.itemName })).toBeVisible();
  await expect(menu.getByText('Unavailable')).toHaveCount(0);
  await streaming;

  // ---- the cook takes the dish off on the board: the open menu shows it at once, the cart refuses it ----
  await owner.page.getByText('Dishes', { exact: true }).click();
  const dish = owner.page.getByRole('switch', { name: firm.menu.itemName });
  await expect(dish).toBeChecked();
  await dish.uncheck();
  await expect(owner.page.getByText('Dishes · 1 off')).toBeVisible();
  await expect(menu.getByText('Unavailable')).toBeVisible();
  const guest = await memberContext(browser, 'Sami', { viewport: { width: 390, height: 844 } });
  const refused = await guest.context.request.put('/api/user/cart/items', {
    headers: origin,
    data: { itemType: 'menu_item', itemId: firm.menu.itemId, quantity: 1 },
  });
  expect([refused.status(), ((await refused.json()) as { code: string }).code]).toEqual([422, 'item_unavailable']);

  // ---- back on: the menu follows again ----
  await dish.check();
  await expect(menu.getByText('Unavailable')).toHaveCount(0);
  await viewer.close();

  // ---- a guest's ticket: calm when it arrives, amber once a minute has passed ----
  const added = await guest.context.request.put('/api/user/cart/items', {
    headers: origin,
    data: { itemType: 'menu_item', itemId: firm.menu.itemId, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const checkout = await guest.context.request.post(`/api/user/orders/cart/${firm.id}`, {
    headers: { ...origin, 'Idempotency-Key': crypto.randomUUID() },
    data: { expectedTotal: 650, currency: 'EUR' },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  await guest.page.goto(((await checkout.json()) as { redirectUrl: string }).redirectUrl);
  const reference = await payAndOpenOrder(guest.page);
  const ticket = owner.page.getByTestId('kitchen-ticket').filter({ hasText: reference });
  await expect(ticket).toBeVisible();
  const timer = ticket.locator('[data-tone]');
  await expect(timer).toHaveAttribute('data-tone', 'calm');
  await owner.page.clock.fastForward('01:05');
  await expect(timer).toHaveAttribute('data-tone', 'amber');

  // ---- the board's new controls in Arabic, right to left, with no serious accessibility fault ----
  await storeLanguage(owner.page, 'ar');
  await owner.page.reload();
  await expect(owner.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(owner.page.getByText('برتقاليًا عند الدقيقة 1')).toBeVisible();
  await owner.page.getByRole('button', { name: 'تشغيل الصوت' }).click();
  await expect(owner.page.getByRole('button', { name: 'تشغيل الصوت' })).toHaveAttribute('aria-pressed', 'true');
  await owner.page.getByText('الأطباق', { exact: true }).click();
  await expect(owner.page.getByRole('switch', { name: firm.menu.itemName })).toBeChecked();
  const { violations } = await new AxeBuilder({ page: owner.page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await owner.page.screenshot({ path: `${SHOTS}/kitchen-86-tablet-ar.png` });
  await owner.page.getByRole('button', { name: 'الإعداد' }).click();
  await owner.page.screenshot({ path: `${SHOTS}/kitchen-setup-timers-ar.png` });

  await owner.context.close();
  await guest.context.close();
});
