import { expect as baseExpect, type Page } from '@playwright/test';
import { memberContext, test } from './support/fixtures';

/**
 * A firm that approves its followers: its owner turns approval on in the settings; a member taps
 * Follow on its page and sees Requested; the owner approves the request from the requests page and
 * the member sees Following. Then the owner restricts the member from the followers list: the
 * member's follow is gone and a new one is refused in words; lifted from the restricted page, the
 * member may ask again. The owner, the firm and the member are this run's own.
 */
// the workspace's pages load lazily: on a busy machine the first paint can take a while
const expect = baseExpect.configure({ timeout: 30_000 });

const followButton = (page: Page) => page.getByRole('main').getByRole('button', { name: /^(Follow|Following|Requested)\b/ });

test('an owner approves a follow request, restricts the follower and lifts it', async ({ page: owner, firm, browser }) => {
  test.setTimeout(120_000);

  // ---- the owner asks for approval in the settings ----
  await owner.goto('/business');
  await owner.getByRole('button', { name: `Open the workspace of ${firm.name}` }).click();
  await expect(owner).toHaveURL(/\/workspace\/home$/);
  await owner.goto('/workspace/settings');
  await owner.getByRole('checkbox', { name: /Approve followers/ }).check();
  await owner.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByText('The settings are saved.')).toBeVisible();

  // ---- a member asks to follow ----
  const { context, page: amina, member } = await memberContext(browser, 'Amina');
  const name = `${member.firstName} ${member.lastName}`;
  await amina.goto(`/${firm.username}`);
  await expect(followButton(amina)).toHaveAttribute('data-tap-live', '');
  await followButton(amina).click();
  await expect(followButton(amina)).toContainText('Requested');
  await expect(followButton(amina)).toHaveAttribute('aria-pressed', 'true');

  // ---- the owner approves it ----
  await owner.goto('/workspace/followers/requests');
  await expect(owner.getByRole('heading', { level: 1, name: 'Follow requests' })).toBeVisible();
  await owner.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(owner.getByText('1 request approved.')).toBeVisible();
  await expect(owner.getByText('No request waits for an answer.')).toBeVisible();

  await amina.reload();
  await expect(followButton(amina)).toContainText('Following');

  // ---- restricted from the followers list: no longer a follower, and a new follow is refused ----
  await owner.getByRole('navigation', { name: 'Followers lists' }).getByRole('link', { name: 'Followers' }).click();
  await owner.getByRole('button', { name: `Restrict ${name}` }).click();
  const dialog = owner.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Restrict', exact: true }).click();
  await expect(owner.getByText(`${name} is restricted.`)).toBeVisible();
  await expect(owner.getByTestId('followers').getByText(name)).toHaveCount(0);
  await owner.getByRole('navigation', { name: 'Followers lists' }).getByRole('link', { name: 'Restricted' }).click();
  await expect(owner.getByTestId('followers').getByText(name)).toBeVisible();

  await amina.reload();
  await expect(followButton(amina)).toHaveAttribute('data-tap-live', '');
  await expect(followButton(amina)).toHaveAttribute('aria-pressed', 'false');
  await followButton(amina).click();
  await expect(amina.getByText('This business does not accept you as a follower.')).toBeVisible();
  await expect(followButton(amina)).toHaveAttribute('aria-pressed', 'false');

  // ---- lifted: the member may ask again ----
  await owner.getByRole('button', { name: `Lift the restriction on ${name}` }).click();
  await expect(owner.getByText(`${name} may follow and write to you again.`)).toBeVisible();
  await expect(owner.getByText('You have restricted nobody.')).toBeVisible();
  await followButton(amina).click();
  await expect(followButton(amina)).toContainText('Requested');

  await context.close();
});
