import { createFirm, expect, test } from './support/fixtures';

/**
 * The workspace's first run: someone in no business yet is invited to create one (not refused), and a new
 * business's home greets its owner with first steps that tick themselves from what the business already has.
 */
test('an empty workspace leads to creating a business; a new one shows its first steps', async ({ page, context, member: _member }) => {
  await page.goto('/workspace');
  await expect(page.getByRole('heading', { name: 'Create your first business', level: 1 })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.getByRole('link', { name: 'Create your business' }).click();
  await expect(page).toHaveURL(/\/create-firm$/);

  // a business with a menu and a published event, no follower and nobody invited yet
  const firm = await createFirm(context.request, 'Dar Salma');
  // the one business someone works for opens without a dialog asking to choose it
  await page.goto('/workspace/home');
  await expect(page.getByRole('heading', { name: firm.name, level: 1 })).toBeVisible();
  await expect(page.getByText('Welcome', { exact: true })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const steps = page.getByRole('region', { name: 'First steps' });
  await expect(steps.getByRole('link', { name: /Add your menu/ }).getByLabel('Done')).toBeVisible();
  await expect(steps.getByRole('link', { name: /Publish your first event/ }).getByLabel('Done')).toBeVisible();
  await expect(steps.getByRole('link', { name: /Invite someone to your team/ }).getByLabel('Done')).toHaveCount(0);
  await steps.getByRole('link', { name: /Invite someone to your team/ }).click();
  await expect(page).toHaveURL(/\/workspace\/team\/emp$/);
});
