import { expect, memberContext, test } from './support/fixtures';
import { choose, openWorkspace, readyForServices } from './support/bookings';

/**
 * A service booked on the phone: the owner gives a haircut; at the desk they book a caller for the
 * first free time tomorrow with themselves; the caller appears in their row of the desk, and a member
 * booking online is offered that person's next free time, not the one the caller took.
 */
const FIRM_ZONE = 'Africa/Tunis'; // the fixture firm's

test('the desk books a caller for a service with a staff member, whose time is then taken online too', async ({
  browser,
  page,
  firm,
  member,
}) => {
  test.setTimeout(120_000);
  const owner = await readyForServices(page, firm.id, member);
  const origin = { Origin: test.info().project.use.baseURL! };
  const setup = (await (await page.request.get(`/api/dashboard/bookings/setup?firmId=${firm.id}`)).json()) as {
    team: { id: string; name: string }[];
  };
  const added = await page.request.post(`/api/dashboard/bookings/services?firmId=${firm.id}`, {
    headers: origin,
    data: { name: 'Haircut', durationMinutes: 30, priceMinor: 2000, bufferBefore: 0, bufferAfter: 0, staffIds: [setup.team[0].id] },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_ZONE }).format(new Date(Date.now() + 86_400_000));

  await openWorkspace(page, '/workspace/bookings', firm.name);
  const phone = page.getByRole('region', { name: 'Booking by phone' });
  await phone.getByLabel('Name').fill('Caller Karim');
  await choose(page, 'phone-what', 'Haircut');
  await expect(phone.getByLabel('People')).toHaveCount(0);
  await choose(page, 'phone-staff', owner);
  await phone.getByLabel('Day').fill(tomorrow);
  // the firm opens at 8:00 in Tunis: the first free time of the owner's day
  await expect(page.locator('#phone-slot option').first()).toHaveText(/^0?8[:.]00/);
  await phone.getByRole('button', { name: 'Book' }).click();
  await expect(page.locator('[data-toast-area]')).toContainText('Caller Karim is booked.');

  await page.locator('#desk-day').fill(tomorrow);
  const row = page.getByTestId('desk-table-row').filter({ hasText: owner });
  await expect(row.getByRole('button', { name: /Caller Karim/ })).toBeVisible();

  const visitor = await memberContext(browser, 'Lina', { locale: 'en-US' });
  await visitor.page.goto(`/${firm.username}/book`);
  await choose(visitor.page, 'booking-what', 'Haircut');
  await choose(visitor.page, 'booking-staff', owner);
  await visitor.page.getByLabel('Date').fill(tomorrow);
  await expect(visitor.page.getByTestId('booking-slots').getByRole('button').first()).toHaveText(/^0?8[:.]30/);
  await visitor.context.close();
});
