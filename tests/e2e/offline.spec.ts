import { expect, test } from '@playwright/test';
import { waitForControllingWorker } from './support/pwa';

const OFFLINE_TEXT = 'You are currently offline. Please check your connection.';

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
      const posts = await fetch('/api/public/blog-posts');
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
        page.evaluate(async (paths) => {
          const all: string[] = [];
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) all.push(new URL(request.url).pathname);
          }
          return paths.map((path) => all.includes(path));
        }, ['/api/public/blog-posts', mediaPath]),
      )
      .toEqual([true, true]);

    await context.setOffline(true);
    try {
      const offline = await page.evaluate(async (media) => {
        const read = async (url: string) => {
          try {
            const response = await fetch(url);
            return { status: response.status, type: response.headers.get('content-type'), text: url.startsWith('/api/') ? await response.text() : '' };
          } catch {
            return { status: 0, type: null, text: '' };
          }
        };
        return { posts: await read('/api/public/blog-posts'), media: await read(media), session: await read('/api/iam/auth/check-session') };
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
});
