import { expect, test } from '@playwright/test';

test('the app boots and shows the 404 page for an unknown path', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByText('The page you are looking for is not found or has been changed.')).toBeVisible();
});
