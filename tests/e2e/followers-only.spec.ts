import { expect as baseExpect, type Page } from '@playwright/test';
import { memberContext, test } from './support/fixtures';
import { payInSandbox } from './support/payments';

/**
 * A followers-only event: its owner marks it so in the event editor; a member who does not follow
 * the firm (their request waits) finds no such event, and a signed-out visitor's firm page does not
 * list it; once the owner approves the request, the member sees it marked "Followers only" and buys
 * a ticket. The owner, the firm and the member are this run's own.
 */
// the workspace's pages load lazily: on a busy machine the first paint can take a while
const expect = baseExpect.configure({ timeout: 30_000 });

const origin = () => ({ Origin: test.info().project.use.baseURL! });

async function openWorkspace(owner: Page, firmName: string) {
  await owner.goto('/business');
  await owner.getByRole('button', { name: `Open the workspace of ${firmName}` }).click();
  await expect(owner).toHaveURL(/\/workspace\/home$/);
}

test('a followers-only event is missing for a non-follower and bought by an approved follower', async ({ page: owner, firm, browser }) => {
  test.setTimeout(90_000);
  const settings = await owner.request.put(`/api/dashboard/firms/settings?firmId=${firm.id}`, {
    headers: origin(),
    data: { language: 'en', currency: 'EUR', published: true, approveFollowers: true },
  });
  expect(settings.ok(), await settings.text()).toBe(true);

  // ---- the owner marks the event followers-only ----
  await openWorkspace(owner, firm.name);
  await owner.goto(`/workspace/events/${firm.event.shortId}`);
  await owner.getByRole('checkbox', { name: /Followers only/ }).check();
  await expect(owner.getByText('Only your approved followers (and your team) see it and can buy it.', { exact: false })).toBeVisible();
  await owner.getByRole('button', { name: 'Save' }).first().click();
  await expect(owner.getByText('The event is saved.')).toBeVisible();

  // ---- a signed-out visitor: the firm's page does not list it, its page is not found ----
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/${firm.username}`);
  await expect(anonymous.getByRole('heading', { level: 1, name: firm.name })).toBeVisible();
  await expect(anonymous.getByText(firm.event.name)).toHaveCount(0);
  await anonymous.goto(`/event/${firm.event.shortId}`);
  await expect(anonymous.getByText('Event not found.')).toBeVisible();
  await visitor.close();

  // ---- a member whose request waits: not found either, on the page and the API ----
  const { context, page: amina } = await memberContext(browser, 'Amina');
  const asked = await context.request.put(`/api/user/follows/${firm.id}`, { headers: origin() });
  expect(await asked.json()).toMatchObject({ requested: true });
  await amina.goto(`/event/${firm.event.shortId}`);
  await expect(amina.getByText('Event not found.')).toBeVisible();
  expect((await context.request.get(`/api/public/events/sid/${firm.event.shortId}`)).status()).toBe(404);

  // ---- approved, she sees it marked and buys a ticket ----
  const requests = await owner.request.get(`/api/dashboard/followers/requests?firmId=${firm.id}`);
  const [request] = ((await requests.json()) as { content: { id: string }[] }).content;
  const approved = await owner.request.post(`/api/dashboard/followers/requests/approve?firmId=${firm.id}`, {
    headers: origin(),
    data: { userIds: [request.id] },
  });
  expect(approved.ok(), await approved.text()).toBe(true);

  await amina.reload();
  const detail = amina.getByTestId('event-detail');
  await expect(detail.getByRole('heading', { level: 1, name: firm.event.name })).toBeVisible();
  await expect(detail.getByTestId('followers-only')).toHaveText('Followers only');
  await detail.getByRole('button', { name: 'Get Tickets' }).first().click();
  await amina.getByTestId('purchase-form').getByRole('button', { name: 'Proceed' }).click();
  await payInSandbox(amina);
  await expect(amina).toHaveURL(/\/profile\/orders\/SK-[0-9A-Z]{6}\?from=payment/);
  await expect(amina.getByTestId('order-detail').getByTestId('order-status')).toHaveText('Paid');

  await context.close();
});
