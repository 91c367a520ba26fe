import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { readOutbox } from '../../src/server/testing/outbox';
import { linkIn, mailTo, openEveryDay, openWorkspace } from './support/bookings';
import { expect, test, uniqueTag } from './support/fixtures';
import { upgradeToGrowth } from './support/payments';

/**
 * A visitor without an account books a table from the firm's page, confirms it by the mailed link,
 * gets the reminder and cancels by the link; the owner's bookings list shows each state.
 *
 * The reminder's durable job is due an hour before the booking (tomorrow). The e2e server runs on
 * the real clock, so the spec moves the job's due time to now in the server's SQLite database, as
 * the passing of time would, and the server's own job poll sends it.
 */
const origin = () => ({ Origin: test.info().project.use.baseURL! });
const FIRM_ZONE = 'Africa/Tunis';

/** Makes the reminder of the bookings mailed to `email` due now, as the server's clock reaching it would. */
function reminderDueNow(email: string): number {
  const db = new SQLite(path.join(process.env.SOUK_E2E_DATA_DIR!, 'souk.db'));
  try {
    db.pragma('busy_timeout = 5000');
    return db
      .prepare(
        `update jobs set run_at = ? where kind = 'booking.reminder'
         and json_extract(payload, '$.bookingId') in (select id from bookings where guest_email = ?)`,
      )
      .run(new Date().toISOString(), email).changes;
  } finally {
    db.close();
  }
}

async function ownerSees(page: Page, name: string, status: string) {
  await page.reload();
  await expect(page.getByTestId('firm-booking').filter({ hasText: name })).toContainText(status);
}

test('a visitor books without an account, confirms by the mail, is reminded and cancels by the link', async ({ browser, page, firm }) => {
  test.setTimeout(120_000);
  await upgradeToGrowth(page, firm.id);
  await openEveryDay(page, firm.id);
  const table = await page.request.post(`/api/dashboard/bookings/tables?firmId=${firm.id}`, {
    headers: origin(),
    data: { name: 'Terrace', seats: 4 },
  });
  expect(table.status()).toBe(201);
  const rules = await page.request.put(`/api/dashboard/bookings/rules?firmId=${firm.id}`, {
    headers: origin(),
    data: {
      slotMinutes: 30,
      turnMinutes: 90,
      aheadDays: 60,
      noticeMinutes: 60,
      largestParty: 8,
      confirmManually: false,
      cancelHours: 2,
      reminderHours: 1,
    },
  });
  expect(rules.ok(), await rules.text()).toBe(true);
  await openWorkspace(page, '/workspace/bookings', firm.name);

  const email = `guest-${uniqueTag()}@souk.test`;
  const name = `Nour ${uniqueTag()}`;
  const context = await browser.newContext({ timezoneId: 'Asia/Dubai', locale: 'en-US' });
  const visitor = await context.newPage();
  await visitor.goto(`/${firm.username}/book`);
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_ZONE }).format(new Date(Date.now() + 86_400_000));
  await visitor.getByLabel('Date').fill(tomorrow);
  await visitor.getByTestId('booking-slots').getByRole('button').first().click();
  await visitor.getByLabel('Your name').fill(name);
  await visitor.getByLabel('Your email').fill(email);
  await visitor.getByTestId('guest-book').click();
  await expect(visitor.getByTestId('booking-held')).toContainText(email);
  await ownerSees(page, name, 'Waiting for your confirmation');

  const linkMail = await mailTo(email, /^Confirm your table/);
  const link = linkIn(linkMail);
  await visitor.goto(`${link.pathname}${link.search}`);
  await expect(visitor.getByTestId('managed-state')).toHaveText('Your table is booked');
  // the firm's time, not the visitor's Dubai clock: the first slot opens at 8:00 in Tunis
  await expect(visitor.getByTestId('booking-summary')).toContainText(/0?8[:.]00/);
  const confirmation = await mailTo(email, /^Table booked/);
  expect(confirmation.calendar).toContain('BEGIN:VEVENT');
  await ownerSees(page, name, 'Confirmed');

  expect(reminderDueNow(email)).toBe(1);
  const reminder = await mailTo(email, /^Reminder:/);
  expect(readOutbox(process.env.SOUK_E2E_DATA_DIR!).filter((mail) => mail.to === email && /^Reminder:/.test(mail.subject))).toHaveLength(1);

  const manage = linkIn(reminder);
  await visitor.goto(`${manage.pathname}${manage.search}`);
  await expect(visitor.getByTestId('managed-state')).toHaveText('Your table is booked');
  await visitor.getByTestId('cancel-by-link').click();
  await expect(visitor.getByTestId('managed-state')).toHaveText('This booking is cancelled.');
  await expect(visitor.getByTestId('cancel-by-link')).toHaveCount(0);
  await ownerSees(page, name, 'Cancelled');
  await context.close();
});
