import { expect, memberContext, test } from './support/fixtures';
import { cafeTakingOrders, closeUntilDayAfterTomorrow } from './support/kitchen';
import { storeLanguage } from './support/storage';

/**
 * Ordering closes outside opening hours. A new café (no hours yet: it takes orders at any time) has
 * Table 3; a guest scans its code, puts a dish in the cart and opens the cart. Meanwhile the owner
 * enters hours that leave the café closed until the day after tomorrow, on its own clock. The guest's
 * send is refused by the server, and the cart says so in their language and that ordering is closed
 * until then; the menu at the table says the same and its dishes cannot be added. Dishes the guest
 * could add before stay in the cart for later.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/hours';

test('a guest at a table while the café is closed sees ordering closed, on the menu and in the cart, and cannot send', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { owner, firm } = await cafeTakingOrders(browser, 'Café Fermé');
  const table = await owner.context.request.post(`/api/dashboard/tables?firmId=${firm.id}`, {
    headers: { Origin: test.info().project.use.baseURL! },
    data: { label: 'Table 3' },
  });
  expect(table.ok(), await table.text()).toBe(true);
  const { token } = (await table.json()) as { token: string };

  // ---- open (no hours entered): the guest scans the table's code and puts a dish in the cart ----
  const guest = await memberContext(browser, 'Sami', { viewport: PHONE });
  await guest.page.goto(`/${firm.username}?src=qr&table=${token}`);
  await expect(guest.page.getByTestId('table-badge')).toContainText('Table 3');
  await expect(guest.page.getByTestId('ordering-closed')).toHaveCount(0);
  await guest.page.getByRole('button', { name: `Add to cart: ${firm.menu.itemName}` }).click();
  await guest.page.getByRole('link', { name: 'In your cart (1)' }).first().click();
  const cart = guest.page.getByTestId('cart');
  const send = cart.getByRole('button', { name: /^Order and pay/ });
  await expect(send).toBeEnabled();

  // ---- the owner enters the café's hours: closed now; the guest's send is refused ----
  const day = await closeUntilDayAfterTomorrow(owner.context.request, firm.id);
  await send.click();
  await expect(cart.getByRole('alert')).toHaveText('This business is closed now: its dishes can be ordered during its opening hours.');
  // the refusal brought the cart again, with the hours: it says when ordering opens and holds the send
  // the day and the time on the café's clock, isolated for right-to-left text
  const opens = `Closed now — ordering opens \u2068${day}\u2069 at \u20688:00 AM\u2069.`;
  await expect(cart.getByTestId('ordering-closed')).toHaveText(opens);
  await expect(send).toBeDisabled();

  // ---- the menu at the table, to a guest who scans the code now: closed, its dishes cannot be added ----
  // (a new guest: the first one's device keeps the café's page it read before the hours for up to a minute)
  const next = await memberContext(browser, 'Nadia', { viewport: DESKTOP });
  await next.page.goto(`/${firm.username}?src=qr&table=${token}`);
  const menuNote = next.page.getByTestId('ordering-closed');
  await expect(menuNote).toHaveText(opens);
  await expect(next.page.getByRole('button', { name: `Add to cart: ${firm.menu.itemName}` })).toHaveCount(0);
  await expect(next.page.getByRole('button', { name: 'Ordering closed' })).toBeDisabled();
  // the shop keeps no hours
  await expect(next.page.getByRole('button', { name: `Add to cart: ${firm.product.name}` })).toBeEnabled();
  await menuNote.scrollIntoViewIfNeeded();
  await next.page.screenshot({ path: `${SHOTS}/menu-closed-desktop-en-light.png` });
  // the dish's own page says the same in place of its add button
  await next.page.getByRole('link', { name: firm.menu.itemName }).click();
  await expect(next.page).toHaveURL(/\/dish\//);
  await expect(next.page.getByText(opens)).toBeVisible();
  await expect(next.page.getByRole('button', { name: `Add to cart: ${firm.menu.itemName}` })).toHaveCount(0);

  // ---- in Arabic, dark, on the phone ----
  await next.page.setViewportSize(PHONE);
  await storeLanguage(next.page, 'ar');
  await next.page.emulateMedia({ colorScheme: 'dark' });
  await next.page.goto(`/${firm.username}`);
  await expect(next.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(menuNote).toContainText('مغلق الآن — يبدأ استقبال الطلبات يوم');
  await expect(next.page.getByRole('button', { name: 'الطلبات مغلقة' })).toBeDisabled();
  await menuNote.scrollIntoViewIfNeeded();
  await next.page.screenshot({ path: `${SHOTS}/menu-closed-phone-ar-dark.png` });
  await storeLanguage(guest.page, 'ar');
  await guest.page.emulateMedia({ colorScheme: 'dark' });
  await guest.page.goto('/profile/cart');
  await expect(cart.getByTestId('ordering-closed')).toContainText('مغلق الآن');
  await guest.page.screenshot({ path: `${SHOTS}/cart-closed-phone-ar-dark.png`, fullPage: true });

  await next.context.close();
  await owner.context.close();
  await guest.context.close();
});
