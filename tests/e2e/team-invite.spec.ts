import { expect, test, uniqueTag } from './support/fixtures';
import { openWorkspace } from './support/workspace';

/** The invite form offers the least power first, and an owner invitation is sent only once confirmed. */
test('inviting an owner asks first; the role list starts with Staff', async ({ page, firm }) => {
  const role = page.getByLabel('Role');
  await openWorkspace(page, '/workspace/team/emp', firm.name, role);
  await expect(role.locator('option')).toHaveText(['Staff', 'Manager', 'Owner']);
  await expect(role).toHaveValue('STAFF');

  const email = `partner-${uniqueTag()}@souk.test`;
  await page.getByLabel('Email address').fill(email);
  await role.selectOption('OWNER');
  const ask = page.getByRole('alertdialog', { name: 'Invite an owner?' });
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(ask).toContainText(email);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/workspace\/team\/emp$/);
  const sent = await page.request.get(`/api/dashboard/team?firmId=${firm.id}`);
  expect(sent.ok()).toBe(true);
  expect(await sent.text()).not.toContain(email);

  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await ask.getByRole('button', { name: 'Invite as owner' }).click();
  await expect(page).toHaveURL(/\/workspace\/team$/);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
});
