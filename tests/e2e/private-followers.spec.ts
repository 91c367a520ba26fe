import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page } from '@playwright/test';
import { memberContext, test } from './support/fixtures';
import { storeLanguage } from './support/storage';

/**
 * A firm that approves its followers: its owner turns approval on in the settings; a member taps
 * Follow on its page and sees Requested; the owner approves the request from the requests page and
 * the member sees Following. Then the owner restricts the member from the followers list: the
 * member's follow is gone and a new one is refused in words; lifted from the restricted page, the
 * member may ask again. The owner, the firm and the member are this run's own.
 */
// the workspace's pages load lazily: on a busy machine the first paint can take a while
const expect = baseExpect.configure({ timeout: 30_000 });

const origin = () => ({ Origin: test.info().project.use.baseURL! });

/** axe's serious and critical findings on the page as it is (WCAG 2.1 A and AA, label in name asked for by name). */
async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${new URL(page.url()).pathname} ${violation.id}: ${node.target.join(' ')}`));
}

async function openWorkspace(owner: Page, firmName: string) {
  await owner.goto('/business');
  await owner.getByRole('button', { name: `Open the workspace of ${firmName}` }).click();
  await expect(owner).toHaveURL(/\/workspace\/home$/);
}

const followButton = (page: Page) => page.getByRole('main').getByRole('button', { name: /^(Follow|Following|Requested)\b/ });

test('an owner approves a follow request, restricts the follower and lifts it', async ({ page: owner, firm, browser }) => {
  test.setTimeout(120_000);

  // ---- the owner asks for approval in the settings ----
  await openWorkspace(owner, firm.name);
  await owner.goto('/workspace/settings');
  await owner.getByRole('checkbox', { name: /Approve followers/ }).check();
  await owner.getByRole('button', { name: 'Save', exact: true }).click();
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

test('in Arabic, right to left, the requests are approved in bulk and the three pages pass axe', async ({ page: owner, firm, browser }) => {
  test.setTimeout(120_000);
  const settings = await owner.request.put(`/api/dashboard/firms/settings?firmId=${firm.id}`, {
    headers: origin(),
    data: { language: 'ar', currency: 'EUR', published: true, approveFollowers: true },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const askers = [await memberContext(browser, 'Amina'), await memberContext(browser, 'Youssef')];
  for (const { context } of askers) {
    const asked = await context.request.put(`/api/user/follows/${firm.id}`, { headers: origin() });
    expect(await asked.json()).toMatchObject({ requested: true });
  }

  await openWorkspace(owner, firm.name);
  await storeLanguage(owner, 'ar');
  await owner.goto('/workspace/followers/requests');
  await expect(owner.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(owner.getByRole('heading', { level: 1, name: 'طلبات المتابعة' })).toBeVisible();
  await expect(owner.getByTestId('followers').getByRole('listitem')).toHaveCount(2);
  const found = await blockingViolations(owner);

  await owner.getByRole('checkbox', { name: 'تحديد الجميع في هذه الصفحة' }).check();
  await expect(owner.getByText('تم تحديد اثنين')).toBeVisible();
  await owner.getByRole('button', { name: 'الموافقة على المحدَّدين' }).click();
  await expect(owner.getByText('تمت الموافقة على طلبين.')).toBeVisible();
  await expect(owner.getByText('لا توجد طلبات تنتظر الرد.')).toBeVisible();

  await owner.getByRole('navigation', { name: 'قوائم المتابعين' }).getByRole('link', { name: 'المتابعون' }).click();
  await expect(owner.getByTestId('followers').getByRole('listitem')).toHaveCount(2);
  found.push(...(await blockingViolations(owner)));
  await owner.getByRole('navigation', { name: 'قوائم المتابعين' }).getByRole('link', { name: 'المقيَّدون' }).click();
  await expect(owner.getByText('لم تقيِّد أحدًا.')).toBeVisible();
  found.push(...(await blockingViolations(owner)));
  expect(found).toEqual([]);

  for (const { context } of askers) await context.close();
});
