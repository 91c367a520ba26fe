import { expect, test } from './support/fixtures';

/**
 * The signed-in home is the member's feed: the firms they follow announce events and post, and these show on `/`,
 * newest first, in the member's language; a member who follows nobody sees the invitation to discover instead.
 */
test('a member who follows a firm finds its new event and post on the home page, and in Arabic too', async ({
  page,
  member: _member,
  othersFirm,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Feed. Upgraded. Stay Tuned.' })).toBeVisible();
  await expect(page.locator('#main').getByRole('link', { name: 'Explore' })).toBeVisible();

  const follow = await page.request.put(`/api/user/follows/${othersFirm.id}`, { headers: { Origin: new URL(page.url()).origin } });
  expect(follow.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your feed' })).toBeVisible();
  const updates = page.getByTestId('update');
  await expect(updates.filter({ hasText: othersFirm.event.name })).toHaveText(
    new RegExp(`Dar Karim announced an event: ${othersFirm.event.name}`),
  );
  await expect(updates.filter({ hasText: othersFirm.post.name })).toHaveText(new RegExp(`Dar Karim posted: ${othersFirm.post.name}`));
  await expect(page.getByRole('link', { name: 'Create a Page for Your Business' })).toBeVisible();

  await updates.filter({ hasText: othersFirm.post.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: othersFirm.post.name })).toBeVisible();

  await page.goto('/');
  await page.getByRole('combobox', { name: /language/i }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'آخر الأخبار' })).toBeVisible();
  await expect(page.getByTestId('update').filter({ hasText: othersFirm.event.name })).toBeVisible();
});
