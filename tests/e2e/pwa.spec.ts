import { expect, test } from '@playwright/test';
import { pngSize, precacheUrls, waitForControllingWorker, WORKER_TIMEOUT } from './support/pwa';

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}
interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  shortcuts: { name: string; url: string; icons?: ManifestIcon[] }[];
}

test.describe('installable PWA', () => {
  test('the page links a valid web manifest whose icons exist at their declared sizes', async ({ page, request, baseURL }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/i);

    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as WebManifest;

    expect(manifest.name).toMatch(/Souk/);
    expect(manifest.short_name).toBe('Souk');
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.description.length).toBeGreaterThan(20);
    expect(manifest.id).toBe('/');
    expect(manifest.scope).toBe('/');
    expect(manifest.start_url.startsWith('/')).toBe(true);
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const declared = (purpose: string, size: string) =>
      manifest.icons.some((icon) => icon.sizes === size && (icon.purpose ?? 'any').split(' ').includes(purpose));
    expect(declared('any', '192x192')).toBe(true);
    expect(declared('any', '512x512')).toBe(true);
    expect(declared('maskable', '512x512')).toBe(true);

    expect(manifest.shortcuts.length).toBeGreaterThanOrEqual(1);
    for (const shortcut of manifest.shortcuts) {
      expect(shortcut.name).toBeTruthy();
      expect(new URL(shortcut.url, baseURL).pathname.startsWith(manifest.scope)).toBe(true);
    }

    const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons ?? [])];
    for (const icon of icons) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type'], icon.src).toBe('image/png');
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  test('the worker is registered by an inline script, never a parser-blocking one', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline.some((source) => source.includes("serviceWorker.register('/sw.js'"))).toBe(true);
    for (const [tag] of html.matchAll(/<script[^>]*\bsrc=[^>]*>/g)) {
      expect(tag, 'external scripts are modules, async or deferred').toMatch(/type="module"|\basync\b|\bdefer\b/);
    }
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  test('the worker activates, controls the page and precaches each file once', async ({ page, request }) => {
    await page.goto('/');
    await waitForControllingWorker(page);

    // clientsClaim: the very first visit is controlled without a reload…
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
    // …and after a reload the document itself comes from the worker.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const urls = precacheUrls(await (await request.get('/sw.js')).text());
    expect(urls).toContain('index.html');
    expect(urls).toContain('manifest.webmanifest');
    expect(urls.some((url) => /^assets\/.+\.js$/.test(url))).toBe(true);
    expect(urls.some((url) => /^assets\/.+\.css$/.test(url))).toBe(true);
    expect(new Set(urls).size, 'no URL precached twice').toBe(urls.length);

    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const precache = names.find((name) => name.includes('precache'));
      if (!precache) return [];
      const keys = await (await caches.open(precache)).keys();
      return keys.map((request) => new URL(request.url).pathname.slice(1));
    });
    expect(cached.sort()).toEqual([...urls].sort());
  });

  test('a new version waits for the page to ask, then takes over', async ({ page }) => {
    await page.goto('/');
    await waitForControllingWorker(page);
    const firstScript = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

    // A new version, as after a deploy: a worker script the browser has not seen (another URL,
    // same scope) installs next to the one in control.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next=1', { scope: '/' }));
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null), {
        timeout: WORKER_TIMEOUT,
      })
      .toBe('installed');

    // No skipWaiting on its own: the old version keeps control while the new one waits.
    expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(firstScript);

    // The update prompt offers it; choosing Reload sends SKIP_WAITING and the page reloads under it.
    const prompt = page.getByRole('status').filter({ hasText: /new version/i });
    await expect(prompt).toBeVisible({ timeout: WORKER_TIMEOUT });
    const reloaded = page.waitForEvent('load', { timeout: WORKER_TIMEOUT });
    await prompt.getByRole('button', { name: /reload/i }).click();
    await reloaded;
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: WORKER_TIMEOUT })
      .toMatch(/\/sw\.js\?next=1$/);
  });
});
