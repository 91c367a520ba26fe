import { expect, test } from '@playwright/test';
import { logInWithForm } from './support/auth';

/**
 * The help-text flag (/profile/settings, off by default): on, the explanatory lines show (a page's
 * intro, the line under a switch); off, they are gone. Signed out there are none.
 */
test('help texts show on forms only while the member’s flag is on', async ({ page }) => {
  await logInWithForm(page, 'james@souk.test');
  await page.goto('/profile/settings');
  const flag = page.getByRole('switch', { name: 'Help texts' });
  const liteHint = page.getByText('Smaller pictures and no animations, for slow connections.');
  if (await flag.isChecked()) {
    await flag.click();
    await expect(flag).not.toBeChecked();
  }
  // off (the default): no explanations under the switches
  await expect(liteHint).toHaveCount(0);
  await flag.click();
  await expect(flag).toBeChecked();
  await expect(liteHint).toBeVisible();

  // another form: the addresses page's intro, also after a reload (the session carries the flag)
  await page.goto('/profile/addresses');
  await expect(page.getByText('Where your shop orders can be delivered.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Where your shop orders can be delivered.')).toBeVisible();

  await page.goto('/profile/settings');
  await flag.click();
  await expect(flag).not.toBeChecked();
  await expect(liteHint).toHaveCount(0);
  await page.goto('/profile/addresses');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Where your shop orders can be delivered.')).toHaveCount(0);
});
