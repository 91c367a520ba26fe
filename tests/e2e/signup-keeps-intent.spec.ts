import { codeFromOutbox } from './support/auth';
import { expect, test, uniqueTag } from './support/fixtures';

/**
 * A visitor who taps Follow, is asked to log in and creates an account instead comes back to the firm's page with
 * the firm followed; one who closes the sheet with "Not now" and signs up later follows nothing.
 */
test('signing up from the login sheet comes back to the page and does the Follow that asked for it', async ({ page, othersFirm }) => {
  const follow = page.getByRole('button', { name: /^Follow/ });
  const sheet = page.getByRole('dialog', { name: 'Log in to continue' });

  // "Not now" forgets the Follow
  await page.goto(`/${othersFirm.username}`);
  await follow.click();
  await sheet.getByRole('button', { name: 'Not now' }).click();
  await expect(sheet).toHaveCount(0);

  await follow.click();
  await sheet.getByRole('button', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?go=${othersFirm.username}$`));

  const email = `intent-${uniqueTag()}@souk.test`;
  await page.getByLabel('First name').fill('Leila');
  await page.getByLabel('Last name').fill('Bennani');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('fig-tree-under-the-moon');
  await page.getByLabel('Date of birth').fill('1996-05-02');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(await codeFromOutbox(email));
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(new RegExp(`/${othersFirm.username}$`));
  await expect(page.getByRole('button', { name: /^Following/ })).toHaveAttribute('aria-pressed', 'true');
  // done on the server, once: a reload still says Following, with one follower
  await page.reload();
  await expect(page.getByRole('button', { name: /^Following/ })).toContainText('1');
});
