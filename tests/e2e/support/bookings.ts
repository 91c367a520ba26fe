import type { Page } from '@playwright/test';
import { readOutbox, type OutboxMail } from '../../../src/server/testing/outbox';
import { expect, test, type Member } from './fixtures';
import { upgradeToGrowth } from './payments';

/** What the booking specs share: a firm open all day, and a workspace page opened on that firm. */
const origin = () => ({ Origin: test.info().project.use.baseURL! });

/** Open every day from 08:00 to 23:00, the firm's local time. */
export async function openEveryDay(page: Page, firmId: string) {
  const dash = (await (await page.request.get(`/api/dashboard/firms/dash-firm?firmId=${firmId}`)).json()) as {
    firm: { name: string; industryKey: string; categoryKey: string; timezone: string };
  };
  const { name, industryKey, categoryKey, timezone } = dash.firm;
  const openingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '08:00', close: '23:00' }));
  const saved = await page.request.put(`/api/dashboard/firms/profile?firmId=${firmId}`, {
    headers: origin(),
    data: { name, industryKey, categoryKey, timezone, openingHours },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/**
 * A fixture firm ready to take services: on Growth (services are a Growth feature) and open every day.
 * Returns the owner's name as the services form lists it among the people who give a service.
 */
export async function readyForServices(page: Page, firmId: string, owner: Member): Promise<string> {
  await upgradeToGrowth(page, firmId);
  await openEveryDay(page, firmId);
  return `${owner.firstName} ${owner.lastName}`;
}

/** The bookings page's Services panel, opened on the firm. */
export async function openServices(page: Page, firmName: string) {
  await openWorkspace(page, '/workspace/bookings', firmName);
  return page.getByRole('region', { name: 'Services' });
}

/** Opens a workspace page, choosing the firm if the workspace asks which one. */
export async function openWorkspace(page: Page, path: string, firmName: string) {
  await page.goto(path);
  const dialog = page.getByRole('alertdialog');
  const main = page.getByRole('main');
  await expect(dialog.or(main.getByRole('heading', { level: 1 }))).toBeVisible();
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: new RegExp(firmName) }).click();
}

/** Chooses the option of a select that starts with `text` (a service's option also names its length and price). */
export async function choose(page: Page, id: string, text: string) {
  const value = await page.locator(`#${id} option`, { hasText: text }).first().getAttribute('value');
  await page.locator(`#${id}`).selectOption(value!);
}

/** The first mail to `email` whose subject matches, once the server has written it. */
export async function mailTo(email: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(() => (found = readOutbox(process.env.SOUK_E2E_DATA_DIR!).find((mail) => mail.to === email && subject.test(mail.subject))), {
      timeout: 20_000,
    })
    .toBeTruthy();
  return found!;
}

/** The booking's signed link in a mail. */
export const linkIn = (mail: OutboxMail) => new URL(/(https?:\/\/\S+\/bookings\/manage\?token=[^\s)"]+)/.exec(mail.text)![1]);
