import { expect, test, type Browser } from '@playwright/test';
import { logInWithForm } from './support/auth';
import { storeLanguage } from './support/storage';

/**
 * Announcements as a firm and a follower live them: James follows Dar Nour (on the Growth plan);
 * Layla, its owner, sends an announcement from /workspace/announcements and sees it among the sent
 * ones with how many followers it reached; James's bell shows it without a reload, and it leads to
 * the firm's page. Screenshots (phone en light, desktop ar dark) go to SHOTS_DIR.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/firm-side';
const PHONE = { width: 390, height: 844 };

async function signedIn(browser: Browser, email: string, options: { viewport?: { width: number; height: number }; dark?: boolean } = {}) {
  const context = await browser.newContext({ viewport: options.viewport ?? PHONE, colorScheme: options.dark ? 'dark' : 'light' });
  const page = await context.newPage();
  await logInWithForm(page, email);
  return page;
}

test('an owner sends an announcement; a follower’s bell shows it', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const text = `Fresh msemen every morning this week, from 8 o'clock (${stamp}).`;

  const james = await signedIn(browser, 'james@souk.test');
  const firm = (await (await james.request.get('/api/public/firms/u/dar-nour')).json()) as { id: string };
  const followed = await james.request.put(`/api/user/follows/${firm.id}`, { headers: { Origin: test.info().project.use.baseURL! } });
  expect(followed.ok()).toBe(true);
  await james.goto('/profile');
  const bell = james.getByTestId('notification-bell');
  const unreadBefore = Number(await bell.getAttribute('data-unread'));

  const layla = await signedIn(browser, 'layla@souk.test');
  await layla.goto('/workspace/announcements');
  const dialog = layla.getByRole('alertdialog');
  const main = layla.getByRole('main');
  await expect(dialog.or(main.getByRole('heading', { level: 1 }))).toBeVisible();
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: /Dar Nour/ }).click();
  await expect(layla.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();

  // too long: said in the user's words, nothing sent, the text kept
  await layla.getByLabel('Your announcement').fill('x'.repeat(501));
  await layla.getByRole('button', { name: 'Send to followers' }).click();
  await expect(layla.getByRole('alert')).toBeVisible();
  await expect(layla.getByLabel('Your announcement')).toHaveValue('x'.repeat(501));

  await layla.getByLabel('Your announcement').fill(text);
  await layla.getByRole('button', { name: 'Send to followers' }).click();
  await expect(layla.getByRole('status').filter({ hasText: /^Sent to \d+ followers?\.$/ })).toBeVisible();
  const sent = layla.getByTestId('announcements').getByRole('listitem').first();
  await expect(sent).toContainText(text);
  await expect(sent).toContainText(/reached \d+ followers?/);
  await layla.screenshot({ path: `${SHOTS}/announcements-phone-en-light.png`, fullPage: true });

  // James is among Dar Nour's followers, found by name
  await layla.goto('/workspace/followers');
  await layla.getByRole('searchbox', { name: 'Find a follower by name' }).fill('James');
  await layla.getByRole('button', { name: 'Search' }).click();
  await expect(layla.getByTestId('followers').getByRole('link').filter({ hasText: 'James' })).toHaveCount(1);
  await layla.screenshot({ path: `${SHOTS}/followers-phone-en-light.png`, fullPage: true });

  // James's bell, live
  // (at least one more: other tests running at the same time notify James too)
  await expect.poll(async () => Number(await bell.getAttribute('data-unread'))).toBeGreaterThan(unreadBefore);
  await bell.click();
  await expect(james).toHaveURL(/\/profile\/notifications$/);
  const note = james.getByTestId('notification').filter({ hasText: stamp });
  await expect(note).toContainText('Dar Nour');
  await note.click();
  await expect(james).toHaveURL(/\/dar-nour$/);

  const ar = await signedIn(browser, 'layla@souk.test', { viewport: { width: 1280, height: 860 }, dark: true });
  await storeLanguage(ar, 'ar');
  await ar.goto('/workspace/announcements');
  const arDialog = ar.getByRole('alertdialog');
  await expect(arDialog.or(ar.getByTestId('announcements'))).toBeVisible();
  if (await arDialog.isVisible()) await arDialog.getByRole('button', { name: /Dar Nour/ }).click();
  await expect(ar.getByTestId('announcements')).toContainText(stamp);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await ar.screenshot({ path: `${SHOTS}/announcements-desktop-ar-dark.png`, fullPage: true });
  await Promise.all([james.context().close(), layla.context().close(), ar.context().close()]);
});
