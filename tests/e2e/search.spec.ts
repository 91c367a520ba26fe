import { expect, test } from '@playwright/test';

/**
 * Search ignores accents and case ("cafe" finds "Café"), matches categories,
 * dishes, products, events and articles in groups, and a page past the end says so.
 */

test('"cafe" finds the cafés, grouped by kind, from the header search', async ({ page }) => {
  await page.goto('/explore');
  await page.getByTestId('header-search').click();
  await page.getByRole('searchbox').fill('cafe');
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/search\?q=cafe/);
  const results = page.getByTestId('search-results');
  const places = results.getByRole('region', { name: /Places/ });
  await expect(places.getByRole('link', { name: /Café Dar Nour/ })).toBeVisible();
  // a category name ("Café") finds places whose name does not say it
  await expect(places.getByRole('link')).not.toHaveCount(0);
  for (const heading of await results.getByRole('heading', { level: 2 }).allTextContents()) {
    expect(heading).toMatch(/^(Places|Dishes|Products|Events|Articles) \d+$/);
  }
  // the same results for CAFÉ
  await page.goto('/search?q=CAF%C3%89');
  await expect(
    page
      .getByTestId('search-results')
      .getByRole('region', { name: /Places/ })
      .getByRole('link', { name: /Café Dar Nour/ }),
  ).toBeVisible();
});

test('one kind page by page; past the end it says so', async ({ page }) => {
  await page.goto('/search?q=a&type=dishes');
  const results = page.getByTestId('search-results');
  await expect(results.getByRole('listitem').first()).toBeVisible();
  await page.goto('/search?q=a&type=dishes&page=999');
  await expect(page.getByTestId('search-past-end')).toContainText(/Page 999 is past the end: there are only \d+ pages\./);
  await page.getByRole('link', { name: 'Go to the last page' }).click();
  await expect(page.getByTestId('search-results').getByRole('listitem').first()).toBeVisible();
});

// the service worker would serve the scripts from its cache, past the route handler that holds them back
test.describe('before the scripts', () => {
  test.use({ serviceWorkers: 'block' });

  test('words typed on the server-rendered search page before its scripts hydrate are searched for', async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/search', { waitUntil: 'domcontentloaded' });
    await page.getByRole('searchbox').fill('cafe');
    release();
    await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 30_000 });
    await expect(page.getByRole('searchbox')).toHaveValue('cafe');
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=cafe$/);
  });
});
