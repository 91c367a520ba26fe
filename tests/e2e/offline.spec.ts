import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectInlineScriptsAllowed } from './support/csp';
import { logInWithForm } from './support/auth';
import { waitForControllingWorker } from './support/pwa';
import { signedEnvelope } from './support/storage';

const OFFLINE_TEXT = 'You are currently offline. Please check your connection.';
const PAGE_CACHE = 'souk-pages';

async function seededFirm(request: APIRequestContext): Promise<{ username: string; name: string }> {
  const response = await request.get('/api/public/firms?size=1');
  expect(response.ok()).toBe(true);
  const firm = ((await response.json()) as { content: { username: string; name: string }[] }).content[0];
  expect(firm, 'the demo seed has firms').toBeTruthy();
  return firm;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

/** The paths the worker keeps in its page cache. */
function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
  }, PAGE_CACHE);
}

/**
 * Collects what would show a broken replay of a kept page: CSP violations (its inline scripts
 * carry the nonce of the response they came with), hydration errors, uncaught errors. Also keeps
 * the server's <h1> as parsed, to check React adopted it rather than rendering anew.
 */
async function watchForReplayProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy|hydrat|minified react/i.test(message.text())) problems.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective}`),
    );
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { ssrHeading: Element | null }).ssrHeading = document.querySelector('#root h1');
    });
  });
  return problems;
}

/** Hydration is finished (the router's bootstrap global is gone) and React kept the server's <h1>. */
async function expectHydratedServerHeading(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const adopted = await page.evaluate(() => {
    const heading = (window as unknown as { ssrHeading: Element | null }).ssrHeading;
    return !!heading && heading.isConnected && heading === document.querySelector('#root h1');
  });
  expect(adopted, 'the <h1> on screen is the one from the server HTML').toBe(true);
}

test.describe('offline', () => {
  test('after one online visit, / and /about render from the worker offline with the offline overlay', async ({ page, context }) => {
    const online = await page.goto('/');
    expect(online?.fromServiceWorker()).toBe(false);
    await waitForControllingWorker(page);
    const overlay = page.getByText(OFFLINE_TEXT);
    await expect(overlay).toHaveCount(0);

    await context.setOffline(true);
    try {
      const home = await page.reload();
      expect(home?.fromServiceWorker()).toBe(true);
      expect(home?.status()).toBe(200);
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(overlay).toBeVisible({ timeout: 20_000 });

      // The overlay follows the connection both ways.
      await context.setOffline(false);
      await expect(overlay).toHaveCount(0, { timeout: 20_000 });
      await context.setOffline(true);
      await expect(overlay).toBeVisible({ timeout: 20_000 });

      const about = await page.goto('/about');
      expect(about?.fromServiceWorker()).toBe(true);
      expect(about?.status()).toBe(200);
      await expect(page).toHaveURL(/\/about$/);
      await expect(overlay).toBeVisible({ timeout: 20_000 });

      // A way to keep reading what is cached: the overlay steps aside and the page is there.
      await page.getByRole('button', { name: /keep reading/i }).click();
      await expect(overlay).toHaveCount(0);
      await expect(page.locator('main h1').first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('navigations to the API and media are never answered with the app shell', async ({ page, context }) => {
    await page.goto('/');
    await waitForControllingWorker(page);
    await context.setOffline(true);
    try {
      for (const url of ['/api/health', '/media/none/small.webp']) {
        const outcome = await page.goto(url).then(
          (response) => `answered ${response?.status()} fromServiceWorker=${response?.fromServiceWorker()}`,
          () => 'network error',
        );
        expect(outcome, url).toBe('network error');
      }
    } finally {
      await context.setOffline(false);
    }
  });

  test('public reads and images stay readable offline; account reads are never cached', async ({ page, context }) => {
    await page.goto('/');
    await waitForControllingWorker(page);
    const online = await page.evaluate(async () => {
      // a demo firm's posts (the newest posts anywhere may be other specs', without pictures)
      const posts = await fetch('/api/public/blog-posts?firmUsername=the-blue-alley');
      const text = await posts.text();
      const image = /"imagePath":"([A-Za-z0-9_-]+)"/.exec(text)?.[1];
      const media = image ? await fetch(`/media/${image}/small.webp`) : undefined;
      const session = await fetch('/api/iam/auth/check-session');
      return { posts: posts.status, text, image, media: media?.status, session: session.status };
    });
    expect(online.posts).toBe(200);
    expect(online.image, 'the demo seed has blog posts with images').toBeTruthy();
    expect(online.media).toBe(200);

    // Caching happens after the response reached the page: wait for it.
    const mediaPath = `/media/${online.image}/small.webp`;
    await expect
      .poll(() =>
        page.evaluate(
          async (paths) => {
            const all: string[] = [];
            for (const name of await caches.keys()) {
              for (const request of await (await caches.open(name)).keys())
                all.push(new URL(request.url).pathname + new URL(request.url).search);
            }
            return paths.map((path) => all.includes(path));
          },
          ['/api/public/blog-posts?firmUsername=the-blue-alley', mediaPath],
        ),
      )
      .toEqual([true, true]);

    await context.setOffline(true);
    try {
      const offline = await page.evaluate(async (media) => {
        const read = async (url: string) => {
          try {
            const response = await fetch(url);
            return {
              status: response.status,
              type: response.headers.get('content-type'),
              text: url.startsWith('/api/') ? await response.text() : '',
            };
          } catch {
            return { status: 0, type: null, text: '' };
          }
        };
        return {
          posts: await read('/api/public/blog-posts?firmUsername=the-blue-alley'),
          media: await read(media),
          session: await read('/api/iam/auth/check-session'),
        };
      }, mediaPath);
      expect(offline.posts.status).toBe(200);
      expect(offline.posts.text).toBe(online.text);
      expect(offline.media).toMatchObject({ status: 200, type: 'image/webp' });
      expect(offline.session.status, 'an account read is never served from a cache').toBe(0);
    } finally {
      await context.setOffline(false);
    }

    const cachedApiPaths = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
          const path = new URL(request.url).pathname;
          if (path.startsWith('/api/')) paths.push(path);
        }
      }
      return paths;
    });
    for (const path of cachedApiPaths) expect(path).toMatch(/^\/api\/(public|user\/explore)\//);
  });

  test('a firm page comes back from the worker as the server-rendered HTML, online and then offline', async ({
    page,
    context,
    request,
  }) => {
    const firm = await seededFirm(request);
    const problems = await watchForReplayProblems(page);
    const first = await page.goto(`/${firm.username}`);
    expect(first?.fromServiceWorker()).toBe(false);
    await waitForControllingWorker(page);
    // The first visit came from the network; once in control, the worker keeps it on request.
    await expect.poll(() => keptPages(page)).toEqual([`/${firm.username}`]);

    // Under the worker: the server's HTML (data-ssr), not the client shell.
    const online = await page.reload();
    expect(online?.fromServiceWorker()).toBe(true);
    expect(online?.status()).toBe(200);
    expect(await online?.text()).toMatch(/<div id="root" data-ssr=""/);
    await expectHydratedServerHeading(page, firm.name);
    expect(await keptPages(page)).toEqual([`/${firm.username}`]);

    await context.setOffline(true);
    try {
      const offline = await page.reload();
      expect(offline?.fromServiceWorker()).toBe(true);
      expect(offline?.status()).toBe(200);
      const html = (await offline?.text()) ?? '';
      expect(html).toMatch(/<div id="root" data-ssr=""/);
      expect(html).toContain(escapeHtml(firm.name));
      // The kept response replays with its own CSP header, which allows its inline scripts.
      expectInlineScriptsAllowed(html, (await offline?.allHeaders())?.['content-security-policy']);
      await expectHydratedServerHeading(page, firm.name);
      await expect(page.getByText(OFFLINE_TEXT)).toBeVisible({ timeout: 20_000 });
    } finally {
      await context.setOffline(false);
    }
    expect(problems).toEqual([]);

    // Account pages are never kept.
    await page.goto('/login');
    expect(await keptPages(page)).toEqual([`/${firm.username}`]);
  });

  test('the kept landing paints from the worker, and after a sign-in it is rendered afresh, not hydrated', async ({ page }) => {
    const problems = await watchForReplayProblems(page);
    await page.goto('/');
    await waitForControllingWorker(page);
    await expect.poll(() => keptPages(page)).toContain('/');

    const kept = await page.reload();
    expect(kept?.fromServiceWorker()).toBe(true);
    expect(await kept?.text()).toMatch(/<div id="root" data-ssr="" data-ssr-session="signedOut"/);
    await expect(page.locator('#landing-title')).toBeVisible();

    await logInWithForm(page, 'layla@souk.test');

    // The worker still holds the signed-out landing; this browser now has a session hint.
    const again = await page.goto('/');
    expect(again?.fromServiceWorker()).toBe(true);
    expect(await again?.text()).toContain('data-ssr-session="signedOut"');
    await expect(page.getByRole('heading', { level: 1, name: /^(Your feed|Your Feed\. Upgraded\. Stay Tuned\.)$/ })).toBeVisible();
    await expect(page.locator('#landing-title')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('a language change forgets the kept pages, so the next visit is in the new language', async ({ page, request }) => {
    const firm = await seededFirm(request);
    await page.goto(`/${firm.username}`);
    await waitForControllingWorker(page);
    await expect.poll(() => keptPages(page)).toEqual([`/${firm.username}`]);

    await page.locator('select[name="language"]').first().selectOption('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect.poll(() => keptPages(page)).toEqual([]);

    const again = await page.reload();
    expect(again?.fromServiceWorker()).toBe(true);
    expect(await again?.text()).toMatch(/<html lang="fr"/);
  });

  test('a page kept in the old language, reloaded before the change forgot it, opens in the chosen language', async ({ page, request }) => {
    const firm = await seededFirm(request);
    const problems = await watchForReplayProblems(page);
    await page.goto(`/${firm.username}`);
    await waitForControllingWorker(page);
    await expect.poll(() => keptPages(page)).toEqual([`/${firm.username}`]);

    // What the picker writes at once (the device's choice and the server's cookie); its forgetting of the kept
    // pages, which does not finish at once, has not happened yet.
    await page.evaluate(
      ([key, value]) => {
        localStorage.setItem(key, value);
        document.cookie = `${key}=ar; Path=/; Max-Age=31536000; SameSite=Lax`;
      },
      ['app_lang', signedEnvelope('app_lang', 'ar')] as const,
    );
    const kept = await page.reload();
    expect(kept?.fromServiceWorker()).toBe(true);
    expect(await kept?.text()).toMatch(/<html lang="en"/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: firm.name })).toBeVisible();
    await expect(page.getByTestId('header-login')).toHaveText(/[\u0600-\u06FF]/);
    expect(await page.evaluate(() => document.cookie)).toContain('app_lang=ar');

    const next = await page.reload();
    expect(await next?.text()).toMatch(/<html lang="ar"/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    expect(problems).toEqual([]);
  });
});
