import type { Page } from '@playwright/test';
import { linkIn, mailTo, openEveryDay, openWorkspace } from './support/bookings';
import { expect, test, uniqueTag } from './support/fixtures';
import { upgradeToGrowth } from './support/payments';

/**
 * The owner closes a day from the workspace's booking settings and the booking page says it is
 * closed, with the public reason; a visitor books, then moves the booking by the mailed link, gets
 * the new time by mail with its calendar file, and the owner's desk shows the new time.
 */
const origin = () => ({ Origin: test.info().project.use.baseURL! });
const FIRM_ZONE = 'Africa/Tunis';
const dayIn = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_ZONE }).format(new Date(Date.now() + days * 86_400_000));

async function setUpBookings(page: Page, firmId: string) {
  await upgradeToGrowth(page, firmId);
  await openEveryDay(page, firmId);
  const table = await page.request.post(`/api/dashboard/bookings/tables?firmId=${firmId}`, {
    headers: origin(),
    data: { name: 'Garden', seats: 4 },
  });
  expect(table.status()).toBe(201);
}

test('the owner closes a day, and a visitor moves a booking by the mailed link', async ({ browser, page, firm }) => {
  test.setTimeout(120_000);
  await setUpBookings(page, firm.id);
  await openWorkspace(page, '/workspace/bookings', firm.name);

  const closed = dayIn(2);
  const closures = page.getByRole('region', { name: 'Closures' });
  await closures.getByLabel('First day').fill(closed);
  await closures.getByLabel('Reason (optional)').fill('Staff party');
  await closures.getByLabel('Show the reason on the booking page').check();
  await closures.getByRole('button', { name: 'Add closure' }).click();
  await expect(page.getByTestId('booking-closures')).toContainText('Staff party');

  const context = await browser.newContext({ locale: 'en-US' });
  const visitor = await context.newPage();
  await visitor.goto(`/${firm.username}/book`);
  await visitor.getByLabel('Date').fill(closed);
  await expect(visitor.getByTestId('closed-notice')).toHaveText('Closed this day · Staff party');
  await expect(visitor.getByTestId('booking-slots')).toHaveCount(0);

  const email = `mover-${uniqueTag()}@souk.test`;
  const name = `Rim ${uniqueTag()}`;
  await visitor.getByLabel('Date').fill(dayIn(1));
  await visitor.getByTestId('booking-slots').getByRole('button').first().click();
  await visitor.getByLabel('Your name').fill(name);
  await visitor.getByLabel('Your email').fill(email);
  await visitor.getByTestId('guest-book').click();
  await expect(visitor.getByTestId('booking-held')).toContainText(email);
  const link = linkIn(await mailTo(email, /^Confirm your table/));
  await visitor.goto(`${link.pathname}${link.search}`);
  await expect(visitor.getByTestId('managed-state')).toHaveText('Your table is booked');

  await visitor.getByTestId('move-by-link').click();
  const later = visitor.getByTestId('move-booking').getByTestId('booking-slots').getByRole('button').last();
  const time = (await later.textContent())!.trim();
  await later.click();
  await visitor.getByTestId('confirm-move').click();
  await expect(visitor.getByTestId('booking-summary')).toContainText(time);
  await expect(visitor.getByTestId('move-booking')).toHaveCount(0);

  const moved = await mailTo(email, /^New time for your table/);
  expect(moved.subject).toContain(time);
  expect(moved.calendar).toContain('BEGIN:VEVENT');

  // the desk reads again on the firm's live channel: no reload
  await expect(page.getByTestId('firm-booking').filter({ hasText: name })).toContainText(time, { timeout: 15_000 });
  await context.close();
});
