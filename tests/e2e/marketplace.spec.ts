import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/auth';
import { waitForControllingWorker } from './support/pwa';

/**
 * The public marketplace on the seeded demo data: firm pages, the event page, blog paging,
 * featured clicks, saving signed in, and a firm page offline from the cache.
 */
const MOBILE = { width: 390, height: 844 };
const DEMO_USER = { email: 'james@souk.test', password: DEMO_PASSWORD };

interface EventCardJson {
  shortId: string;
}
interface EventJson {
  shortId: string;
  description: string;
  ticketCategories: unknown[];
}

/** An upcoming event with more than one ticket category and a description longer than 290 characters. */
async function eventWithTiers(request: APIRequestContext): Promise<EventJson> {
  const list = await (await request.post('/api/public/events?page=0&size=50', { data: {} })).json();
  for (const card of list.content as EventCardJson[]) {
    const event = (await (await request.get(`/api/public/events/sid/${card.shortId}`)).json()) as EventJson;
    if (event.ticketCategories.length > 1 && Array.from(event.description).length > 290) return event;
  }
  throw new Error('the demo seed has no event with several ticket categories and a long description');
}

async function logIn(page: Page) {
  const response = await page.request.post('/api/iam/login/email', { data: DEMO_USER });
  expect(response.status()).toBe(200);
}

test.describe('public marketplace', () => {
  test.use({ viewport: MOBILE });

  test('a firm page by username (any case) shows its menu, events and blog; a shop shows its products', async ({ page }) => {
    // the industries load at start, as the feature flags do, once the page is idle
    const industries = page.waitForRequest(/\/api\/user\/explore\/industries/);
    await page.goto('/Dar-Nour');
    await expect(page.getByRole('heading', { level: 1, name: 'Café Dar Nour' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('menu-section')).toBeVisible();
    await expect(page.getByTestId('menu-section').getByText('€', { exact: false }).first()).toBeVisible();
    await expect(page.locator('#events').getByTestId('event-list')).toBeVisible();
    await expect(page.locator('#blog').getByTestId('blog-card').first()).toBeVisible();
    await expect(page.getByTestId('map-link')).toHaveAttribute('href', /openstreetmap\.org/);
    await expect(page.getByText(/open now|closed now/i).first()).toBeVisible();
    await industries;
    // a pressed button (the shared Button's) ripples for the spec's 600 ms
    const ripple = await page
      .locator('button[class*="_button_"]')
      .first()
      .evaluate((button) => getComputedStyle(button, '::after').transitionDuration);
    expect(ripple).toBe('0.6s, 0.6s');

    await page.goto('/paper-lantern-books');
    await expect(page.getByTestId('shop-section')).toBeVisible();
    await expect(page.getByTestId('shop-section').locator('li').first()).toBeVisible();

    // The share menu offers the QR code as SVG and PNG.
    await page.getByRole('button', { name: 'Share' }).click();
    const svg = page.getByRole('menuitem', { name: /QR code \(SVG\)/ });
    await expect(svg).toHaveAttribute('href', '/api/public/firms/u/paper-lantern-books/qr.svg');
    const png = await page.request.get('/api/public/firms/u/paper-lantern-books/qr.png');
    expect(png.headers()['content-type']).toBe('image/png');
  });

  test('unknown usernames and route words show the 404 page', async ({ page }) => {
    await page.goto('/no-such-firm-here');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  });

  test('event page: Show More, View Conditions, Get Tickets signed out', async ({ page, request }) => {
    const event = await eventWithTiers(request);
    await page.goto(`/event/${event.shortId}`);
    const description = page.getByTestId('event-description');
    await expect(description).toBeVisible();
    const short = (await description.textContent()) ?? '';
    expect(Array.from(short.replace(/…$/, '')).length).toBeLessThanOrEqual(290);

    await page.getByRole('button', { name: 'Show More' }).click();
    await expect(description).toHaveText(event.description);
    await page.getByRole('button', { name: 'Show Less' }).click();
    await expect(description).toHaveText(short);

    await expect(page.getByRole('heading', { name: 'Tickets' })).toBeVisible();
    await expect(page.getByTestId('ticket-category')).toHaveCount(event.ticketCategories.length);
    await page.getByRole('button', { name: 'View Conditions' }).first().click();
    const conditions = page.getByRole('dialog', { name: 'Conditions' });
    await expect(conditions).toBeVisible();
    await conditions.getByRole('button', { name: 'Done' }).click();
    await expect(conditions).toHaveCount(0);

    await page.getByRole('button', { name: 'Get Tickets' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Log in to continue' })).toBeVisible();
  });

  test('an unknown event says so', async ({ page }) => {
    await page.goto('/event/zzzzzzzzzz');
    await expect(page.getByText('Event not found.')).toBeVisible();
  });

  test('blog paging: ?page=2 appears without a history entry, and back to page 1', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByTestId('blog-card').first()).toBeVisible();
    const firstTitle = await page.getByTestId('blog-card').first().locator('h3').textContent();
    const historyLength = await page.evaluate(() => history.length);

    await page.getByRole('button', { name: 'Next Page' }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.getByTestId('blog-card').first().locator('h3')).not.toHaveText(firstTitle ?? '');
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    await page.getByRole('button', { name: 'Previous Page' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByTestId('blog-card').first().locator('h3')).toHaveText(firstTitle ?? '');
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
  });

  test('featured: firms, events, blog posts and products open their pages', async ({ page }) => {
    const grid = page.getByTestId('featured-grid');
    for (const [type, url] of [
      ['20', /\/[a-z0-9-]+$/],
      ['60', /\/event\/[A-Za-z0-9_-]+$/],
      ['90', /\/blog\/[A-Za-z0-9_-]+$/],
      ['50', /\/product\/[A-Za-z0-9_-]+$/],
    ] as const) {
      await page.goto('/showcase');
      await grid.locator(`[data-type="${type}"]`).first().click();
      await expect(page).toHaveURL(url);
      await expect(page).not.toHaveURL(/\/showcase$/);
    }
  });

  test('signed in, saving an event survives a reload', async ({ page, request }) => {
    await logIn(page);
    const event = await eventWithTiers(request);
    await page.goto(`/event/${event.shortId}`);
    const toggle = page.getByTestId('event-detail').getByTestId('saved-toggle');
    await expect(toggle).toBeVisible();
    // the session is known once the toggle can read its state
    await expect(toggle).toHaveAttribute('aria-pressed', /true|false/);
    await page.waitForLoadState('networkidle');
    const before = await toggle.getAttribute('aria-pressed');
    const after = before === 'true' ? 'false' : 'true';
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', after);
    await page.waitForLoadState('networkidle');
    await page.reload();
    await expect(page.getByTestId('event-detail').getByTestId('saved-toggle')).toHaveAttribute('aria-pressed', after, { timeout: 15_000 });
    if (after === 'true') {
      await page.goto('/profile/saved');
      await page.getByRole('tab', { name: 'Events' }).click();
      await expect(page.getByTestId('saved-list')).toBeVisible();
    }
  });

  test('offline after a visit, the firm page renders from the cache', async ({ page, context }) => {
    await page.goto('/dar-nour');
    await expect(page.getByRole('heading', { level: 1, name: 'Café Dar Nour' })).toBeVisible({ timeout: 30_000 });
    await waitForControllingWorker(page);
    // the persister has written the page's data to the device (its writes are throttled to 2 s): wait for that, not for a time
    const kept = (fragment: string) => page.evaluate((piece) => (localStorage.getItem('souk_query_cache') ?? '').includes(piece), fragment);
    await expect.poll(() => kept('"public","firms","detail","dar-nour"'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => kept('"public","menus"'), { timeout: 10_000 }).toBe(true);
    await context.setOffline(true);
    try {
      const response = await page.reload();
      expect(response?.fromServiceWorker()).toBe(true);
      const keepReading = page.getByRole('button', { name: /keep reading/i });
      if (await keepReading.isVisible().catch(() => false)) await keepReading.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Café Dar Nour' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('menu-section')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});
