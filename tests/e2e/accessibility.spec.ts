import { blockingViolations, describeViolation } from './support/axe';
import { expect, test } from './support/fixtures';
import { storeLanguage } from './support/storage';

/**
 * axe (WCAG 2.1 A and AA) on a firm page with a shop and on the signed-in profile page, in English and Arabic
 * (right to left), light and dark: no serious or critical violation (with "label in name": the visible "Add to
 * cart", "Message" and the header's initials must be part of their controls' names). Every other page is walked by
 * accessibility-walk.spec.ts; this one keeps the device's dark theme (blackout).
 */
for (const language of ['en', 'ar']) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`a firm page with a shop and the profile page, ${language}, ${colorScheme}`, async ({ page, member: _member, othersFirm }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme });
      await page.goto('/about');
      await storeLanguage(page, language);
      const found: string[] = [];
      for (const path of [`/${othersFirm.username}`, '/profile']) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        found.push(...(await blockingViolations(page)).map(describeViolation));
      }
      expect(found).toEqual([]);
    });
  }
}
