import { expect, type Page } from '@playwright/test';

/** Generous: on a loaded 2-core machine installing the worker (precaching ~20 files) can take a while. */
export const WORKER_TIMEOUT = 45_000;

/**
 * Waits until the service worker is `activated` (so its precache, the shell, is complete) and controls the
 * page, then until it has fetched the public pages' files in the background (`souk-assets`; sw/sw.ts
 * warmPublicPages), so every public page reads offline. `navigator.serviceWorker.ready` resolves while the
 * worker is still `activating`, which is too early for offline tests.
 */
export async function waitForControllingWorker(page: Page): Promise<void> {
  try {
    await workerControls(page, WORKER_TIMEOUT / 3);
  } catch {
    // an activated worker claims the open pages; a page whose load raced that claim is controlled from its next load
    await page.reload();
    await workerControls(page, WORKER_TIMEOUT);
  }
  await waitForPublicPagesCached(page);
}

/** Waits until every file the worker fetches after install (`later` in /sw.js) is in `souk-assets`. */
export async function waitForPublicPagesCached(page: Page): Promise<void> {
  const later = laterUrls(await (await page.request.get('/sw.js')).text());
  expect(later.length, 'the worker fetches the public pages’ files after install').toBeGreaterThan(0);
  await expect
    .poll(
      async () => {
        const cached = await page.evaluate(async () =>
          (await caches.has('souk-assets'))
            ? (await (await caches.open('souk-assets')).keys()).map((r) => new URL(r.url).pathname.slice(1))
            : [],
        );
        return later.filter((url) => !cached.includes(url));
      },
      { timeout: WORKER_TIMEOUT, intervals: [250, 500, 1000], message: 'the public pages’ files fetched in the background' },
    )
    .toEqual([]);
}

async function workerControls(page: Page, timeout: number): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            active: registration?.active?.state ?? null,
            controlled: navigator.serviceWorker.controller !== null,
          };
        }),
      { timeout, intervals: [100, 250, 500, 1000] },
    )
    .toEqual({ active: 'activated', controlled: true });
}

/** The entries of the manifest injected into /sw.js by the build (sw/precache-entries.ts). */
function manifestEntries(serviceWorkerSource: string): { url: string; later: boolean }[] {
  return [...serviceWorkerSource.matchAll(/\{[^{}]*"url":\s*"([^"]+)"[^{}]*\}/g)].map((match) => ({
    url: match[1],
    later: /"later":\s*true/.test(match[0]),
  }));
}

/** The URLs the worker precaches at install (the shell). */
export function precacheUrls(serviceWorkerSource: string): string[] {
  return manifestEntries(serviceWorkerSource)
    .filter((entry) => !entry.later)
    .map((entry) => entry.url);
}

/** The URLs the worker fetches after install, in the background (the public pages' files). */
export function laterUrls(serviceWorkerSource: string): string[] {
  return manifestEntries(serviceWorkerSource)
    .filter((entry) => entry.later)
    .map((entry) => entry.url);
}

/** Width and height of a PNG, from its IHDR chunk (bytes 16–23, big-endian). */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG');
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
