import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, memberContext, test } from './support/fixtures';
import { upgradeToGrowth } from './support/payments';
import { openEveryDay, openWorkspace } from './support/bookings';
import { storeLanguage } from './support/storage';

/**
 * A table booked from the firm's page: the owner (on the Growth plan, which brings bookings) adds a
 * table in /workspace/bookings; a member whose phone is in New York books the first free time of
 * tomorrow at the firm in Tunis and reads it in Tunis time; the owner finds the booking in the list.
 */
const FIRM_ZONE = 'Africa/Tunis'; // UTC+1 all year: 08:00 there is 02:00 in New York in winter, 03:00 in summer

/** axe's serious and critical findings (WCAG 2.1 A and AA) on the page as it is now, with the page's address. */
async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .flatMap((violation) => violation.nodes.map((node) => `${new URL(page.url()).pathname} ${violation.id}: ${node.target.join(' ')}`));
}

/** The page in Arabic (right to left) and the dark theme, checked by axe once `ready` shows. */
async function arabicDarkViolations(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'dark' });
  await storeLanguage(page, 'ar');
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await ready(page);
  // screenshots for a reviewer when SHOTS_DIR names a folder
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${path.split('/').at(-1)}-ar-dark.png`, fullPage: true });
  return blockingViolations(page);
}

test('a member in New York books a table in Tunis time, and the owner sees it in the workspace', async ({ browser, page, firm }) => {
  test.setTimeout(120_000);
  await upgradeToGrowth(page, firm.id);
  await openEveryDay(page, firm.id);

  await openWorkspace(page, '/workspace/bookings', firm.name);
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  await page.getByLabel('Table or area name').fill('Window');
  await page.getByLabel('Seats').fill('4');
  await page.getByRole('button', { name: 'Add table' }).click();
  await expect(page.getByTestId('booking-tables')).toContainText('Window');

  const visitor = await memberContext(browser, 'Lina', { timezoneId: 'America/New_York', locale: 'en-US' });
  await visitor.page.goto(`/${firm.username}`);
  await visitor.page.getByTestId('book-firm').click();
  await expect(visitor.page).toHaveURL(new RegExp(`/${firm.username}/book$`));
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_ZONE }).format(new Date(Date.now() + 86_400_000));
  await visitor.page.getByLabel('Date').fill(tomorrow);
  await expect(visitor.page.getByTestId('booking-zone')).toContainText('UTC+1');
  // the first free time is the firm's opening, 8:00 in Tunis, not the 2:00 or 3:00 of the visitor's phone
  const first = visitor.page.getByTestId('booking-slots').getByRole('button').first();
  await expect(first).toHaveText(/^0?8[:.]00/);
  await first.click();
  await visitor.page.getByTestId('confirm-booking').click();
  const confirmed = visitor.page.getByTestId('booking-confirmed');
  await expect(confirmed.getByRole('heading', { name: 'Your table is booked' })).toBeVisible();
  await expect(confirmed.getByTestId('booking-summary')).toContainText(/0?8[:.]00/);
  const reference = (await confirmed.locator('dd[dir="ltr"]').textContent())!.trim();
  expect(reference).toMatch(/^[0-9A-F]{8}$/);
  await visitor.page.getByRole('link', { name: 'See my bookings' }).click();
  await expect(visitor.page.getByTestId('my-bookings')).toContainText(reference);

  await page.reload();
  const booking = page.getByTestId('firm-booking').filter({ hasText: reference });
  await expect(booking).toContainText(`Lina ${visitor.member.lastName}`);
  await expect(booking).toContainText('Window');
  await expect(booking).toContainText(/0?8[:.]00/);
  await booking.getByRole('button', { name: `Cancel the booking of Lina ${visitor.member.lastName}` }).click();
  await expect(booking).toContainText('Cancelled');

  // the same pages in Arabic and dark: right to left, nothing axe calls serious
  const found = [
    ...(await arabicDarkViolations(page, '/workspace/bookings', (p) => expect(p.getByTestId('firm-booking').first()).toBeVisible())),
    ...(await arabicDarkViolations(page, '/workspace/calendar', (p) => expect(p.getByRole('tab', { name: 'أسبوع' })).toBeVisible())),
    ...(await arabicDarkViolations(visitor.page, `/${firm.username}/book`, (p) => expect(p.getByTestId('booking-zone')).toBeVisible())),
  ];
  expect(found).toEqual([]);
  await visitor.context.close();
});
