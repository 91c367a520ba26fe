import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Follow, Save and Share work before the scripts arrive: with the scripts held
 * back by a route handler until after the tap, the tap is kept (the control shows it is busy)
 * and does what it should once the page has hydrated. Nothing a user taps is lost. Each test visits a new
 * firm of its own, as a new member when signed in.
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
  othersFirm,
}) => {
  const release = await holdScripts(page);
  await page.goto(`/${othersFirm.username}`, { waitUntil: 'domcontentloaded' });
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

test('signed in: Follow tapped before the scripts follows the firm once they arrive', async ({ page, member: _member, othersFirm }) => {
  const release = await holdScripts(page);
  await page.goto(`/${othersFirm.username}`, { waitUntil: 'domcontentloaded' });
  const follow = page.getByRole('button', { name: /^(Follow|Following)/ });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  release();
  await hydrated(page);
  await expect(follow).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
  // and back: the live button unfollows
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
});

test('a toggle tapped before the scripts that turns out to show the asked state already is left as it is', async ({
  page,
  member: _member,
  othersFirm,
}) => {
  // the member follows the firm (with the live button)
  await page.goto(`/${othersFirm.username}`);
  const follow = page.getByRole('button', { name: /^(Follow|Following)/ });
  await expect(follow).toHaveAttribute('data-tap-live', '');
  const stored = page.waitForResponse((response) => response.url().includes('/api/user/follows/') && response.request().method() === 'PUT');
  await follow.click();
  await stored;
  await expect(follow).toHaveAttribute('aria-pressed', 'true');

  // the server page shows "Follow" (it does not know who is there); tapping it asks for "following"
  const release = await holdScripts(page);
  await page.goto(`/${othersFirm.username}`, { waitUntil: 'domcontentloaded' });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  release();
  await hydrated(page);
  await expect(follow).toHaveAttribute('data-tap-live', '', { timeout: 15_000 });
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(1000);
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
});

test('signed in: Add to cart tapped before the scripts adds the product once, once they arrive', async ({
  page,
  member: _member,
  othersFirm,
}) => {
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/api/user/cart/items')) puts.push(request.url());
  });
  const release = await holdScripts(page);
  await page.goto(`/${othersFirm.username}`, { waitUntil: 'domcontentloaded' });
  const add = page.getByRole('button', { name: `Add to cart: ${othersFirm.product.name}` });
  await add.click();
  await expect(add).toHaveAttribute('aria-busy', 'true');
  release();
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'In your cart (1)' })).toBeVisible({ timeout: 15_000 });
  await expect(add).not.toHaveAttribute('aria-busy');
  expect(puts).toHaveLength(1);
  // the live button on the card adds one more (the card's link to the product's page lies under it)
  await add.click();
  await expect(page.getByRole('link', { name: 'In your cart (2)' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${othersFirm.username}$`));
});
