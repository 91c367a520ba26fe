import { expect, test } from '@playwright/test';
import { logInWithForm } from './support/auth';

/**
 * Lite mode from /profile/settings (issue 13): on a fast link, a member who turns it on gets the
 * small renditions and no animations at once, and keeps them on the next visit; turning it off
 * brings the full pictures back.
 */
test("a member's lite mode: small pictures and no animations, at once and on the next visit", async ({ page }) => {
  await logInWithForm(page, 'james@souk.test');
  await page.goto('/profile/settings');
  const lite = page.getByRole('switch', { name: 'Lite mode' }).or(page.getByRole('checkbox', { name: 'Lite mode' }));
  if (await lite.isChecked()) {
    await lite.click();
    await expect(page.locator('html')).not.toHaveClass(/\blite\b/);
  }
  await lite.click();
  await expect(page.locator('html')).toHaveClass(/\blite\b/);

  await page.goto('/explore');
  const pictures = page.locator('main img[src^="/media/"]');
  await expect(pictures.first()).toBeVisible();
  // one small rendition each, no srcset offering the larger ones (the server renders the page before it
  // knows the member's setting: the pictures switch once the session is back, in a transition since hydration
  // is time-sliced)
  for (const img of await pictures.all()) {
    await expect(img).toHaveAttribute('src', /\/small\.webp$/);
    await expect(img).not.toHaveAttribute('srcset');
  }
  const duration = await page
    .locator('main a')
    .first()
    .evaluate((element) => getComputedStyle(element).transitionDuration);
  expect(duration.split(',').every((value) => parseFloat(value) <= 0.001)).toBe(true);

  await page.goto('/profile/settings');
  await lite.click();
  await expect(page.locator('html')).not.toHaveClass(/\blite\b/);
  await page.goto('/explore');
  await expect(page.locator('main img[srcset]').first()).toBeAttached();
});
