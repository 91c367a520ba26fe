import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { upgradeToGrowth } from './support/payments';
import { storeLanguage } from './support/storage';

/**
 * The firm's side of bookings, seen from a laptop in Chicago for a firm in Paris: a booking taken
 * on the phone shows in the day's timeline and on the calendar at the firm's time; the calendar is
 * walked month → week → day with the keyboard; the private feed holds the booking at its UTC
 * instant, and a reset makes the old feed URL answer 404.
 */
const FIRM_ZONE = 'Europe/Paris';
test.use({ timezoneId: 'America/Chicago', locale: 'en-US' });
const origin = () => ({ Origin: test.info().project.use.baseURL! });

async function setUpParisFirm(page: Page, firmId: string) {
  const dash = (await (await page.request.get(`/api/dashboard/firms/dash-firm?firmId=${firmId}`)).json()) as {
    firm: { name: string; industryKey: string; categoryKey: string };
  };
  const { name, industryKey, categoryKey } = dash.firm;
  const openingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '08:00', close: '23:00' }));
  const saved = await page.request.put(`/api/dashboard/firms/profile?firmId=${firmId}`, {
    headers: origin(),
    data: { name, industryKey, categoryKey, timezone: FIRM_ZONE, openingHours },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const table = await page.request.post(`/api/dashboard/bookings/tables?firmId=${firmId}`, {
    headers: origin(),
    data: { name: 'Window', seats: 4 },
  });
  expect(table.status(), await table.text()).toBe(201);
}

async function openWorkspace(page: Page, path: string, firmName: string) {
  await page.goto(path);
  const dialog = page.getByRole('alertdialog');
  const main = page.getByRole('main');
  // the first workspace page of a fresh firm loads its dashboard data cold: a slow CI machine takes a while
  await expect(dialog.or(main.getByRole('heading', { level: 1 }))).toBeVisible({ timeout: 30_000 });
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: new RegExp(firmName) }).click();
}

const shoot = async (page: Page, name: string) => {
  // screenshots for a reviewer when SHOTS_DIR names a folder
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
};

test('a phone booking shows in the timeline, the calendar (walked by keyboard) and the private feed, whose reset kills the old URL', async ({
  page,
  firm,
}) => {
  test.setTimeout(120_000);
  await upgradeToGrowth(page, firm.id);
  await setUpParisFirm(page, firm.id);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_ZONE }).format(new Date());
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_ZONE }).format(new Date(Date.now() + 86_400_000));
  const caller = `Caller ${firm.username.slice(-6)}`;

  // the desk: a booking for tomorrow's first free time, 08:00 in Paris (01:00 on this laptop in Chicago)
  await openWorkspace(page, '/workspace/bookings', firm.name);
  await page.getByRole('textbox', { name: 'Day', exact: true }).first().fill(tomorrow);
  await page.getByLabel('Name', { exact: true }).fill(caller);
  await page.getByLabel('Phone (optional)').fill('+33 6 12 34 56 78');
  await expect(page.getByLabel('Time', { exact: true })).toHaveValue(/T/);
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  const inTimeline = page.getByTestId('desk-timeline').getByRole('button', { name: new RegExp(caller) });
  await expect(inTimeline).toBeVisible();
  await expect(inTimeline).toHaveAccessibleName(/^0?8:00/);
  await inTimeline.click();
  await expect(page.getByTestId('guest-card')).toContainText('+33 6 12 34 56 78');
  await shoot(page, 'desk-en');

  // the calendar, by keyboard: month → the next day → week → day
  await page.goto('/workspace/calendar');
  const grid = page.getByRole('grid');
  const selected = grid.locator('[role="gridcell"][aria-selected="true"]');
  await expect(selected).toHaveAttribute('data-day', today);
  await selected.focus();
  await page.keyboard.press('ArrowRight');
  await expect(selected).toHaveAttribute('data-day', tomorrow);
  await expect(selected).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(selected).not.toHaveAttribute('data-day', tomorrow);
  await page.keyboard.press('PageUp');
  await expect(selected).toHaveAttribute('data-day', tomorrow);
  await expect(page.getByTestId('calendar-day-detail')).toContainText(caller);
  await shoot(page, 'calendar-month-en');
  await page.getByRole('tab', { name: 'Month' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
  await expect(grid.getByRole('gridcell')).toHaveCount(7);
  await selected.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Day', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(grid.getByRole('gridcell')).toHaveCount(1);
  await expect(selected).toHaveAttribute('data-day', tomorrow);
  await expect(selected).toContainText(caller);
  await expect(selected).toContainText(/0?8:00/);

  // the private feed: the booking at its UTC instant; a new link makes the old one answer 404
  const bookings = (await (
    await page.request.get(`/api/dashboard/bookings?firmId=${firm.id}&from=${tomorrow}T00:00:00.000Z&to=${tomorrow}T23:59:59.000Z`)
  ).json()) as { bookings: { id: string; startsAt: string; guestName: string }[] };
  const booking = bookings.bookings.find((b) => b.guestName === caller)!;
  await page.getByRole('button', { name: 'Make a private link' }).click();
  const field = page.getByLabel('Private calendar link');
  await expect(field).toHaveValue(/\.ics$/);
  const oldUrl = new URL(await field.inputValue()).pathname;
  const feed = await page.request.get(oldUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = await feed.text();
  const stamp = booking.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  expect(ics).toContain(`UID:booking-${booking.id}@souk\r\n`);
  expect(ics).toContain(`DTSTART:${stamp}\r\n`);
  expect(ics).toContain(caller);
  await page.getByRole('button', { name: 'Make a new link…' }).click();
  await page.getByRole('button', { name: 'Make a new link', exact: true }).click();
  await expect(field).not.toHaveValue(new RegExp(oldUrl.split('/').at(-1)!.replace('.', '\\.')));
  expect((await page.request.get(oldUrl)).status()).toBe(404);
  expect((await page.request.get(new URL(await field.inputValue()).pathname)).status()).toBe(200);

  // on a phone in Arabic and dark: right to left, the month as dots, nothing axe calls serious
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await storeLanguage(page, 'ar');
  await page.goto('/workspace/calendar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('grid').locator('[aria-selected="true"]')).toHaveAttribute('data-day', today);
  await page.getByRole('grid').locator('[aria-selected="true"]').focus();
  // arrows follow the drawing: in right to left the next day is to the left
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('grid').locator('[aria-selected="true"]')).toHaveAttribute('data-day', tomorrow);
  await expect(page.getByTestId('calendar-day-detail')).toContainText(caller);
  await shoot(page, 'calendar-ar-dark-phone');
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? '')).map((v) => v.id)).toEqual([]);
  await page.goto('/workspace/bookings');
  await page.locator('#desk-day').fill(tomorrow);
  await expect(page.getByTestId('desk-timeline').getByRole('button', { name: new RegExp(caller) })).toBeVisible();
  await shoot(page, 'desk-ar-dark-phone');
});
