import { expect as baseExpect, type Page } from '@playwright/test';
import { memberContext, test, uniqueTag } from './support/fixtures';
import { openWorkspace } from './support/workspace';

/**
 * An offer for followers end to end: a member follows the firm; its owner makes a 10 % code "for my
 * followers" in the workspace; the follower finds it in their notifications, and the owner's list
 * says one follower was told. In the ticket form the follower gets the discount, and a member who
 * does not follow is told, in words, that the code is for followers. The firm and the people are this
 * run's own.
 */
// the workspace's pages load lazily, and the offer's jobs run on the server's poll: allow for a busy machine
const expect = baseExpect.configure({ timeout: 30_000 });
const origin = () => ({ Origin: test.info().project.use.baseURL! });

/** The event's purchase form, opened from its first tier, with `code` applied. */
async function applyCode(page: Page, eventShortId: string, code: string) {
  await page.goto(`/event/${eventShortId}`);
  const purchase = page.getByTestId('purchase-form');
  // the server-rendered button answers once the page has hydrated
  await expect(async () => {
    await page.getByTestId('ticket-category').getByRole('button', { name: 'Get Tickets' }).first().click();
    await baseExpect(purchase).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await purchase.getByLabel('Promo code').fill(code);
  await purchase.getByRole('button', { name: 'Apply' }).click();
  return purchase;
}

test('the followers of a firm are told of its offer for them, and only they can use it', async ({ page, firm, browser }) => {
  test.setTimeout(120_000);
  const code = `FANS${uniqueTag()}`.slice(0, 32).toUpperCase();
  const follower = await memberContext(browser, 'Nadia');
  const followed = await follower.context.request.put(`/api/user/follows/${firm.id}`, { headers: origin() });
  expect(await followed.json()).toMatchObject({ following: true });

  await openWorkspace(page, '/workspace/promotions', firm.name, page.getByRole('heading', { name: 'Promo codes', level: 1 }));
  const form = page.getByRole('form', { name: 'New code' });
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Percentage off').fill('10');
  await form.getByRole('checkbox', { name: 'An offer for my followers' }).check();
  await form.getByRole('button', { name: 'Create the code' }).click();
  await expect(form.getByRole('status')).toContainText(code);

  // the offer reaches the follower through the server's jobs
  await expect(async () => {
    await follower.page.goto('/profile/notifications');
    await baseExpect(
      follower.page.getByTestId('notification').filter({ hasText: `An offer from ${firm.name} for its followers` }),
    ).toContainText(`10 % off with the code ${code}`, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await page.reload();
  await expect(page.getByTestId('promo-codes').getByRole('row').filter({ hasText: code })).toContainText(
    'For followers: told to 1 follower',
  );

  const mine = await applyCode(follower.page, firm.event.shortId, code);
  await expect(mine.getByTestId('purchase-discount')).toContainText('1.50');
  await expect(mine.getByTestId('purchase-total')).toContainText('13.50');
  await follower.context.close();

  const stranger = await memberContext(browser, 'Karim');
  const theirs = await applyCode(stranger.page, firm.event.shortId, code);
  await expect(theirs.getByText('This code is an offer for the followers of this business.', { exact: false })).toBeVisible();
  await expect(theirs.getByTestId('purchase-discount')).toHaveCount(0);
  await stranger.context.close();
});
