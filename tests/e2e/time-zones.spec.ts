import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * An event is shown on its venue's wall clock, with the zone's label, the same
 * on the server (UTC) and in the browser, whatever zone the viewer's phone is in; no public page
 * hydrates with a mismatch for viewers in UTC−6, UTC and UTC+4.
 */

const VIEWER_ZONES = ['America/Regina', 'UTC', 'Asia/Dubai']; // UTC−6, UTC, UTC+4 all year

interface EventCard {
  shortId: string;
  name: string;
  startDateTime: string;
  timezone: string;
  firmUsername: string;
}

/** What a visitor at the venue reads: the venue's wall clock (Intl, independent of the app's code). */
function venueTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

function venueLabel(iso: string, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(iso))
    .find((part) => part.type === 'timeZoneName')!.value; // "GMT-06:00"
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 'UTC';
  const [, sign, hours, minutes] = match;
  return `UTC${sign === '-' ? '\u2212' : '+'}${Number(hours)}${minutes === '00' ? '' : `:${minutes}`}`;
}

async function openWatched(browser: Browser, baseURL: string | undefined, timezoneId: string) {
  const context = await browser.newContext({ baseURL, timezoneId, locale: 'en-US' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|minified react|#418|#425|#423|did not match/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  return { context, page, problems };
}

async function hydrated(page: Page) {
  // The router's bootstrap global goes once hydration has finished.
  await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 20_000 });
}

test('an evening show in New Orleans reads 8 pm-ish venue time with its zone, for viewers in three zones, after SSR and in-app navigation', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const response = await request.post('/api/public/events?page=0&size=50', { data: { firmUsername: 'the-blue-alley' } });
  const events = ((await response.json()) as { content: EventCard[] }).content;
  const show = events[0];
  expect(show.timezone).toBe('America/Chicago');
  const time = venueTime(show.startDateTime, show.timezone);
  const label = venueLabel(show.startDateTime, show.timezone);

  const seen = new Set<string>();
  for (const timezoneId of VIEWER_ZONES) {
    const { context, page, problems } = await openWatched(browser, baseURL, timezoneId);
    // A shared link: the server renders it.
    await page.goto(`/event/${show.shortId}`);
    await hydrated(page);
    const when = page.getByTestId('event-when');
    await expect(when).toContainText(time);
    await expect(when).toContainText(label);
    seen.add((await when.textContent())!);

    // In-app navigation from the firm page renders it in the browser: the same text.
    await page.goto('/the-blue-alley');
    await hydrated(page);
    const card = page.locator(`a[href="/event/${show.shortId}"]`).first();
    await expect(card).toContainText(time);
    await card.click();
    await expect(page.getByTestId('event-when')).toContainText(time);
    seen.add((await page.getByTestId('event-when').textContent())!);
    expect(problems, timezoneId).toEqual([]);
    await context.close();
  }
  expect([...seen]).toHaveLength(1);
});

test('no public page hydrates with a mismatch for viewers in UTC−6, UTC and UTC+4', async ({ browser, baseURL, request }) => {
  test.setTimeout(240_000);
  const post = ((await (await request.get('/api/public/blog-posts?page=0&size=1')).json()) as { content: { shortId: string }[] })
    .content[0];
  const pages = ['/', '/explore', '/events', '/blog', `/blog/${post.shortId}`, '/the-blue-alley', '/dar-nour', '/showcase'];
  for (const timezoneId of VIEWER_ZONES) {
    const { context, page, problems } = await openWatched(browser, baseURL, timezoneId);
    for (const path of pages) {
      await page.goto(path);
      await hydrated(page);
      await expect(page.locator('#main')).toBeVisible();
      expect(problems, `${timezoneId} ${path}`).toEqual([]);
    }
    await context.close();
  }
});

test('French and Arabic pages hydrate their dates without a mismatch: the language’s month names load before hydration', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // date-fns's French and Arabic names are no longer in the page's files (src/shared/date-locales.ts)
  const monthNames = { fr: /janv\.|févr\.|mars|avr\.|mai|juin|juil\.|août|sept\.|oct\.|nov\.|déc\./i, ar: /[\u0600-\u06FF]{3,}/ };
  for (const language of ['fr', 'ar'] as const) {
    const { context, page, problems } = await openWatched(browser, baseURL, 'UTC');
    await context.addCookies([{ name: 'app_lang', value: language, url: baseURL! }]);
    await page.goto('/events');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const badge = page.locator('#main time').first();
    await expect(badge).toBeVisible();
    expect(await badge.textContent()).toMatch(monthNames[language]);
    expect(problems, language).toEqual([]);
    await context.close();
  }
});
