import { expect, test } from './support/fixtures';
import { storeLanguage } from './support/storage';
import { openWorkspace } from './support/workspace';

/**
 * A menu shown only in its hours: the owner serves the café's menu on weekdays from 8:00 to 11:00
 * (a day is required); a signed-out guest whose device clock (Playwright's) reads 10:58 in Tunis,
 * the firm's zone, on a Tuesday sees the dishes, and at 11:00 the open page swaps them for
 * "served Mon–Fri, 8:00 – 11:00" without a reload. The server renders the page at its own (real)
 * hour: the page hydrates what it rendered, then reads the device's clock on the firm's wall clock.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/menuhours';
/** Tuesday 2026-12-01 10:58:30 in Tunis (UTC+1 all year) */
const BEFORE_ELEVEN = new Date('2026-12-01T09:58:30Z');
const SERVED_LINE = /All day.*served.*Mon.*Fri.*8:00.*11:00/;

test('the owner sets a menu’s hours; the guest’s page shows it in them and says when it is served after', async ({
  page,
  firm,
  browser,
}) => {
  test.setTimeout(90_000);
  await openWorkspace(page, `/workspace/menu/${firm.menu.id}`, firm.name, page.getByRole('heading', { level: 1, name: 'All day' }));
  const settings = page.getByRole('region', { name: 'Name, description and hours' });
  const hours = settings.getByRole('group', { name: 'Serving hours' });
  await hours.getByLabel('Served only at set hours').check();
  for (const day of ['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await hours.getByLabel(day, { exact: true }).uncheck();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(hours.getByRole('alert')).toHaveText('Choose at least one day.');
  for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await hours.getByLabel(day, { exact: true }).check();
  await hours.getByLabel('From').fill('08:00');
  await hours.getByLabel('To').fill('11:00');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The menu is saved.')).toBeVisible();
  await settings.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/editor-desktop-en-light.png`, fullPage: true });

  // ---- a signed-out guest, their device's clock under the test's control ----
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  const hydrationErrors: string[] = [];
  guestPage.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match/i.test(message.text())) hydrationErrors.push(message.text());
  });
  await guestPage.clock.install({ time: BEFORE_ELEVEN });
  await guestPage.goto(`/${firm.username}`);
  const menu = guestPage.getByTestId('menu-section');
  await menu.scrollIntoViewIfNeeded();
  await expect(menu.getByRole('link', { name: firm.menu.itemName })).toBeVisible();
  await expect(menu.getByTestId('menu-later')).toHaveCount(0);

  // 11:00 in Tunis: the open page follows at the boundary
  await guestPage.clock.fastForward('02:00');
  await expect(menu.getByTestId('menu-later')).toHaveText(SERVED_LINE);
  await expect(menu.getByRole('link', { name: firm.menu.itemName })).toHaveCount(0);
  await guestPage.goto(`/dish/${firm.menu.itemShortId}`);
  await expect(guestPage.getByTestId('item-detail')).toContainText(SERVED_LINE);
  expect(hydrationErrors).toEqual([]);
  await guest.close();

  // ---- a phone in Arabic, dark: the line reads right to left ----
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const ar = await phone.newPage();
  await ar.clock.install({ time: new Date(BEFORE_ELEVEN.getTime() + 3 * 3_600_000) });
  await ar.goto('/');
  await storeLanguage(ar, 'ar');
  await ar.goto(`/${firm.username}`);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  const later = ar.getByTestId('menu-later');
  await later.scrollIntoViewIfNeeded();
  await expect(later).toContainText('تُقدَّم');
  await ar.screenshot({ path: `${SHOTS}/firm-phone-ar-dark.png`, fullPage: true });
  await phone.close();

  // the editor in Arabic, dark, on a phone
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await storeLanguage(page, 'ar');
  await page.goto(`/workspace/menu/${firm.menu.id}`);
  const arHours = page.getByRole('group', { name: 'مواعيد التقديم' });
  await arHours.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/editor-phone-ar-dark.png`, fullPage: true });

  // the desktop page in English, light, after the hours
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await storeLanguage(page, 'en');
  await page.clock.install({ time: new Date(BEFORE_ELEVEN.getTime() + 3 * 3_600_000) });
  await page.goto(`/${firm.username}`);
  await page.getByTestId('menu-section').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('menu-later')).toHaveText(SERVED_LINE);
  await page.screenshot({ path: `${SHOTS}/firm-desktop-en-light.png`, fullPage: true });
});
