import { expect, memberContext, test } from './support/fixtures';
import { choose, openServices, readyForServices } from './support/bookings';
import { storeLanguage } from './support/storage';

/**
 * A service booked with a chosen staff member: the owner (on Growth) sets up a consultation that they
 * give themselves; a member whose phone is in Tokyo picks it, picks the owner, and books the first
 * free time of tomorrow, read in the firm's Tunis time; the owner finds it in their row of the desk.
 */
const FIRM_ZONE = 'Africa/Tunis'; // UTC+1 all year: 08:00 there is 16:00 in Tokyo

test('a member in Tokyo books a consultation with a chosen staff member in Tunis time; the desk shows it in their row', async ({
  browser,
  page,
  firm,
  member,
}) => {
  test.setTimeout(120_000);
  const owner = await readyForServices(page, firm.id, member);

  const services = await openServices(page, firm.name);
  await services.getByLabel('Service name').fill('Consultation');
  await services.getByLabel('Length (minutes)').fill('45');
  await services.getByLabel('Kept free after (minutes)').fill('15');
  // free: a paid service goes on to the payment step (bookings-paid.spec.ts)
  // the form says what is missing before anything is sent
  await services.getByRole('button', { name: 'Add service' }).click();
  await expect(services.getByRole('alert')).toHaveText('Choose at least one person who gives it.');
  await services.getByRole('checkbox', { name: owner }).check();
  await services.getByRole('button', { name: 'Add service' }).click();
  await expect(page.getByTestId('booking-services')).toContainText('Consultation');
  await expect(page.getByTestId('booking-services')).toContainText(`Given by ${owner}`);
  if (process.env.SHOTS_DIR) await services.screenshot({ path: `${process.env.SHOTS_DIR}/services-en-light.png` });

  const visitor = await memberContext(browser, 'Yuki', { timezoneId: 'Asia/Tokyo', locale: 'en-US' });
  await visitor.page.goto(`/${firm.username}`);
  await visitor.page.getByTestId('book-firm').click();
  await choose(visitor.page, 'booking-what', 'Consultation');
  await expect(visitor.page.locator('#booking-what option:checked')).toContainText('45 min');
  await choose(visitor.page, 'booking-staff', owner);
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_ZONE }).format(new Date(Date.now() + 86_400_000));
  await visitor.page.getByLabel('Date').fill(tomorrow);
  await expect(visitor.page.getByTestId('booking-zone')).toContainText('UTC+1');
  // the firm opens at 8:00 in Tunis, which is 16:00 on the visitor's phone: the page shows 8:00
  const slots = visitor.page.getByTestId('booking-slots').getByRole('button');
  await expect(slots.first()).toHaveText(/^0?8[:.]00/);
  // 45 minutes and a quarter hour kept free after: the next start is 9:00 once 8:00 is taken
  await slots.first().click();
  if (process.env.SHOTS_DIR) await visitor.page.screenshot({ path: `${process.env.SHOTS_DIR}/book-service-en-light.png`, fullPage: true });
  await visitor.page.getByTestId('confirm-booking').click();
  const confirmed = visitor.page.getByTestId('booking-confirmed');
  await expect(confirmed.getByRole('heading', { name: 'You are booked' })).toBeVisible();
  const summary = confirmed.getByTestId('booking-summary');
  await expect(summary).toContainText(/0?8[:.]00/);
  await expect(summary).toContainText('Consultation');
  await expect(summary).toContainText(owner);

  await visitor.page.goto(`/${firm.username}/book`);
  await choose(visitor.page, 'booking-what', 'Consultation');
  await choose(visitor.page, 'booking-staff', owner);
  await visitor.page.getByLabel('Date').fill(tomorrow);
  await expect(slots.first()).toHaveText(/^0?9[:.]00/);

  await page.locator('#desk-day').fill(tomorrow);
  const row = page.getByTestId('desk-table-row').filter({ hasText: owner });
  await expect(row.getByRole('button', { name: new RegExp(`Yuki ${visitor.member.lastName}`) })).toBeVisible();
  if (process.env.SHOTS_DIR) await page.getByTestId('desk-timeline').screenshot({ path: `${process.env.SHOTS_DIR}/desk-en-light.png` });

  // the same pages in Arabic, dark, on a phone
  if (process.env.SHOTS_DIR) {
    for (const target of [page, visitor.page]) {
      await target.setViewportSize({ width: 390, height: 844 });
      await target.emulateMedia({ colorScheme: 'dark' });
      await storeLanguage(target, 'ar');
    }
    await visitor.page.goto(`/${firm.username}/book`);
    await choose(visitor.page, 'booking-what', 'Consultation');
    await expect(visitor.page.getByTestId('booking-zone')).toBeVisible();
    await visitor.page.screenshot({ path: `${process.env.SHOTS_DIR}/book-service-ar-dark.png`, fullPage: true });
    await page.goto('/workspace/bookings');
    await page.locator('#desk-day').fill(tomorrow);
    await expect(page.getByTestId('desk-timeline')).toBeVisible();
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/workspace-ar-dark.png`, fullPage: true });
  }
  await visitor.context.close();
});
