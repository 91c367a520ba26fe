import { expect, memberContext, test } from './support/fixtures';
import { payInSandbox } from './support/payments';
import { choose, openServices, readyForServices } from './support/bookings';
import { storeLanguage } from './support/storage';

/**
 * A paid service: the owner sets up a massage of 40.00 with a 15.00 deposit; a member sees what is
 * paid now, books, pays the deposit on the provider's step and comes back to a confirmed booking;
 * cancelling it (within the firm's deadline) gives the deposit back.
 */
const FIRM_ZONE = 'Africa/Tunis'; // the fixture firm's

test('a member pays the deposit of a service when booking, is confirmed on the way back, and is refunded on cancelling', async ({
  browser,
  page,
  firm,
  member,
}) => {
  test.setTimeout(120_000);
  const owner = await readyForServices(page, firm.id, member);

  const services = await openServices(page, firm.name);
  await services.getByLabel('Service name').fill('Massage');
  await services.getByLabel('Price (empty: free)').fill('40');
  await services.getByRole('checkbox', { name: owner }).check();
  // a deposit is a part of the price
  await services.getByLabel('Deposit paid when booking (empty: the whole price)').fill('40');
  await services.getByRole('button', { name: 'Add service' }).click();
  await expect(services.getByRole('alert')).toHaveText(
    'The deposit is part of the price: less than it, and only on a service with a price.',
  );
  await services.getByLabel('Deposit paid when booking (empty: the whole price)').fill('15');
  await services.getByRole('button', { name: 'Add service' }).click();
  await expect(page.getByTestId('booking-services')).toContainText(/15\.00\u2069? paid when booking/);

  const visitor = await memberContext(browser, 'Salma', { locale: 'en-US' });
  await visitor.page.goto(`/${firm.username}/book`);
  await choose(visitor.page, 'booking-what', 'Massage');
  await expect(visitor.page.getByTestId('booking-paid-note')).toContainText(/deposit of \D*15\.00.* the rest \(\D*25\.00/);
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_ZONE }).format(new Date(Date.now() + 86_400_000));
  await visitor.page.getByLabel('Date').fill(tomorrow);
  await visitor.page.getByTestId('booking-slots').getByRole('button').first().click();
  await visitor.page.getByTestId('confirm-booking').click();

  await payInSandbox(visitor.page);
  await expect(visitor.page).toHaveURL(/\/profile\/bookings\?paid=/);
  const booking = visitor.page.getByTestId('my-bookings').getByRole('listitem').first();
  await expect(booking.getByTestId('booking-payment')).toContainText(/15\.00\u2069? paid/);
  await expect(booking.getByTestId('booking-summary')).toContainText('Confirmed');
  await expect(booking.getByTestId('pay-booking')).toHaveCount(0);
  if (process.env.SHOTS_DIR) await visitor.page.screenshot({ path: `${process.env.SHOTS_DIR}/paid-booking-en-light.png`, fullPage: true });

  await booking.getByRole('button', { name: /^Cancel my booking at / }).click();
  await expect(booking.getByTestId('booking-summary')).toContainText('Cancelled');
  await expect(async () => {
    await visitor.page.reload();
    await expect(visitor.page.getByTestId('booking-payment').first()).toContainText(/15\.00\u2069? refunded/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  if (process.env.SHOTS_DIR) {
    await visitor.page.setViewportSize({ width: 390, height: 844 });
    await visitor.page.emulateMedia({ colorScheme: 'dark' });
    await storeLanguage(visitor.page, 'ar');
    await visitor.page.goto(`/${firm.username}/book`);
    await choose(visitor.page, 'booking-what', 'Massage');
    await expect(visitor.page.getByTestId('booking-paid-note')).toBeVisible();
    await visitor.page.screenshot({ path: `${process.env.SHOTS_DIR}/book-paid-ar-dark.png`, fullPage: true });
    await visitor.page.goto('/profile/bookings');
    await expect(visitor.page.getByTestId('booking-payment').first()).toBeVisible();
    await visitor.page.screenshot({ path: `${process.env.SHOTS_DIR}/paid-booking-ar-dark.png`, fullPage: true });
  }
  await visitor.context.close();
});
