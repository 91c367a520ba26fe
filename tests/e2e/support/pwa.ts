import { expect, type Page } from '@playwright/test';

/** Generous: on a loaded 2-core machine installing the worker (precaching ~20 files) can take a while. */
export const WORKER_TIMEOUT = 45_000;

/**
 * Waits until the service worker is `activated` (so its precache is complete) and controls the
 * page. `navigator.serviceWorker.ready` resolves while the worker is still `activating`, which is
 * too early for offline tests.
 */
export async function waitForControllingWorker(page: Page): Promise<void> {
  try {
    await workerControls(page, WORKER_TIMEOUT / 3);
  } catch {
    // an activated worker claims the open pages; a page whose load raced that claim is controlled from its next load
    await page.reload();
    await workerControls(page, WORKER_TIMEOUT);
  }
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

/** The URLs of the precache manifest injected into /sw.js by the build. */
export function precacheUrls(serviceWorkerSource: string): string[] {
  return [...serviceWorkerSource.matchAll(/"url":\s*"([^"]+)"/g)].map((match) => match[1]);
}

/** Width and height of a PNG, from its IHDR chunk (bytes 16–23, big-endian). */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG');
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
