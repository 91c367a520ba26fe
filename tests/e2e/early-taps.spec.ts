import { expect, test, type Page } from '@playwright/test';
import { logInWithForm } from './support/auth';

/**
 * Follow, Save and Share work before the scripts arrive: with the scripts held
 * back by a route handler until after the tap, the tap is kept (the control shows it is busy)
 * and does what it should once the page has hydrated. Nothing a user taps is lost.
 */

// the service worker would serve the scripts from its cache, past the route handler that holds them
test.use({ serviceWorkers: 'block' });

/** Holds every script back until `release()`; the server HTML is on screen meanwhile. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 30_000 });
}

test('signed out: Follow and Save tapped before the scripts open the login popup once they arrive; Share opens its menu', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/the-blue-alley', { waitUntil: 'domcontentloaded' });
  const follow = page.getByRole('button', { name: /^Follow/ });
  await expect(follow).toBeVisible();
  expect(await page.evaluate(() => '$_TSR' in window && !document.querySelector('[data-tap-live]'))).toBe(true);
  await follow.click();
  await expect(follow).toHaveAttribute('aria-busy', 'true');
  release();
  await hydrated(page);
  await expect(page.getByText('Log in to follow this business.')).toBeVisible();
  await page.keyboard.press('Escape');

  // Save, then Share, each tapped before hydration on a fresh load
  const releaseAgain = await holdScripts(page);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByTestId('saved-toggle').first().click();
  releaseAgain();
  await hydrated(page);
  await expect(page.getByText('Log in to save this.')).toBeVisible();

  const releaseThird = await holdScripts(page);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Share', exact: true }).first().click();
  releaseThird();
  await hydrated(page);
  await expect(page.getByRole('menu', { name: 'Share' })).toBeVisible();
});

test('signed in: Follow tapped before the scripts follows the firm once they arrive', async ({ page }) => {
  await page.goto('/login');
  await logInWithForm(page, 'james@souk.test');
  await page.waitForURL(/\/profile/);
  const release = await holdScripts(page);
  await page.goto('/copper-kettle', { waitUntil: 'domcontentloaded' });
  const follow = page.getByRole('button', { name: /^(Follow|Following)/ });
  const before = await follow.getAttribute('aria-pressed');
  await follow.click();
  release();
  await hydrated(page);
  await expect(follow).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true', { timeout: 15_000 });
  // put it back
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', before ?? 'false');
});

test('a toggle tapped before the scripts that turns out to show the asked state already is left as it is', async ({ page }) => {
  await page.goto('/login');
  await logInWithForm(page, 'omar@souk.test');
  await page.waitForURL(/\/profile/);
  // omar follows the firm (set by the live button)
  await page.goto('/copper-kettle');
  const follow = page.getByRole('button', { name: /^(Follow|Following)/ });
  await expect(follow).toHaveAttribute('data-tap-live', '');
  if ((await follow.getAttribute('aria-pressed')) === 'false') {
    const stored = page.waitForResponse(
      (response) => response.url().includes('/api/user/follows/') && response.request().method() === 'PUT',
    );
    await follow.click();
    await stored;
  }
  await expect(follow).toHaveAttribute('aria-pressed', 'true');

  // the server page shows "Follow" (it does not know who is there); tapping it asks for "following"
  const release = await holdScripts(page);
  await page.goto('/copper-kettle', { waitUntil: 'domcontentloaded' });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  release();
  await hydrated(page);
  await expect(follow).toHaveAttribute('data-tap-live', '', { timeout: 15_000 });
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(1000);
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
});
