import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInAdmin } from './support/admin-session';

/**
 * Admins acting on accounts from the admin area's member and firm views: a squatted username given to the
 * firm it belongs to (old links then lead there, the old holder is told why), and a suspended owner's firm
 * gone from its page and search until the suspension is lifted.
 */

/** The admin area in a context of its own, signed in as the platform admin. */
async function openAdmin(page: Page): Promise<void> {
  await signInAdmin(page.context().request);
  await page.goto('/fladmin');
}

const firmStatus = async (page: Page, username: string) => (await page.context().request.get(`/api/public/firms/u/${username}`)).status();

test('a squatted username goes to the firm it belongs to; its old holder is renamed and told why', async ({
  firm,
  othersFirm,
  browser,
}) => {
  test.setTimeout(90_000);
  const squatted = othersFirm.username;
  const adminContext = await browser.newContext();
  const squatterContext = await browser.newContext({ storageState: await othersFirm.ownerRequest.storageState() });
  const visitorContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await openAdmin(admin);
    const firms = admin.getByRole('list', { name: 'Firms' });
    // by id: the firm keeps it when its username changes, so its row stays open
    await admin.getByLabel('Name, username or id').fill(othersFirm.id);
    await admin.getByLabel('Name, username or id').press('Enter');
    const row = firms.getByRole('listitem').filter({ hasText: `@${squatted}` });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Details of ${othersFirm.name}` }).click();
    await row.getByLabel('Reason, sent to the member').fill('The name is the other firm’s trademark');
    await row.getByLabel(/Give the username to/).fill(firm.username);
    await row.getByRole('button', { name: 'Reassign username' }).click();
    const done = firms.getByRole('listitem').filter({ hasText: othersFirm.name }).getByRole('status');
    await expect(done).toContainText(`@${squatted} moved`);
    const renamed = /the firm is now @(firm-[0-9a-f]{8})/.exec((await done.textContent()) ?? '')![1];

    const visitor = await visitorContext.newPage();
    await visitor.goto(`/${squatted}`);
    await expect(visitor.getByRole('heading', { level: 1, name: firm.name })).toBeVisible();
    await visitor.goto(`/${renamed}`);
    await expect(visitor.getByRole('heading', { level: 1, name: othersFirm.name })).toBeVisible();

    const squatter = await squatterContext.newPage();
    await squatter.goto('/profile/notifications');
    const note = squatter.getByTestId('notification').filter({ hasText: /Your firm.s username was reassigned/ });
    await expect(note).toContainText(`/${renamed}`);
    await note.click();
    await expect(squatter.getByText(`It was @${squatted}; it is now @${renamed}.`)).toBeVisible();
  } finally {
    await Promise.all([adminContext.close(), squatterContext.close(), visitorContext.close()]);
  }
});

test('a suspended owner’s firm leaves its page and search until the suspension is lifted', async ({ othersFirm, browser }) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await openAdmin(admin);
    await admin.getByLabel('Name, email or id').fill(othersFirm.owner.email);
    await admin.getByLabel('Name, email or id').press('Enter');
    const ownerName = `${othersFirm.owner.firstName} ${othersFirm.owner.lastName}`;
    const row = admin.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: othersFirm.owner.email });
    await row.getByRole('button', { name: `Details of ${ownerName}` }).click();
    await row.getByLabel('Reason, sent to the member').fill('Selling counterfeit goods');
    await row.getByRole('button', { name: 'Suspend' }).click();
    await expect(row.getByRole('status')).toContainText('Done: Suspend.');

    const visitor = await visitorContext.newPage();
    await expect.poll(() => firmStatus(visitor, othersFirm.username)).toBe(404);
    await visitor.goto(`/${othersFirm.username}`);
    await expect(visitor.getByRole('heading', { name: '404' })).toBeVisible();
    const search = async () =>
      JSON.stringify(await (await visitorContext.request.get(`/api/public/search?q=${othersFirm.username}`)).json());
    expect(await search()).not.toContain(othersFirm.id);

    await expect(row.getByRole('button', { name: 'Restore' })).toBeVisible();
    await row.getByLabel('Reason, sent to the member').fill('The goods were genuine');
    await row.getByRole('button', { name: 'Restore' }).click();
    await expect(row.getByRole('status')).toContainText('Done: Restore.');
    await expect.poll(() => firmStatus(visitor, othersFirm.username)).toBe(200);
    await visitor.goto(`/${othersFirm.username}`);
    await expect(visitor.getByRole('heading', { level: 1, name: othersFirm.name })).toBeVisible();
    expect(await search()).toContain(othersFirm.id);
  } finally {
    await Promise.all([adminContext.close(), visitorContext.close()]);
  }
});
