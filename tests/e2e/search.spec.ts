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

test.describe('words typed before the search page is ready are kept', () => {
  // the service worker would serve the scripts from its cache, past the route handlers that hold them back
  test.use({ serviceWorkers: 'block' });

  test('typed while the search page loads after the header link, they are in its box, which keeps the focus', async ({ page }) => {
    await page.goto('/explore');
    await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 30_000 });
    // the search page's code and words arrive late, as on a slow link
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/search-[^/]*\.(js|css)$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.getByTestId('header-search').click();
    // the explore page has a search box of its own: the one typed into must be the search page's
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
    await page.getByRole('searchbox').fill('cafe');
    release();
    const box = page.getByRole('searchbox', { name: 'Search Souk' });
    await expect(box).toHaveValue('cafe');
    await expect(box).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=cafe$/);
  });

  test('typed on the server-rendered page before its scripts hydrate, they are searched for', async ({ page }) => {
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
