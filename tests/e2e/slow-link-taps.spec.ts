import { devices } from '@playwright/test';
import { startThrottleProxy } from '../bench/throttle-proxy.mjs';
import { expect, test } from './support/fixtures';

/**
 * A phone on one bar of signal: every byte through a proxy at 400 kbps with 400 ms round trips, and the CPU
 * four times slower. A visitor taps Follow 1.5 s after the firm page's first byte, long before its scripts
 * have come and run; the tap is answered (busy at once, then the login sheet), never lost.
 */
test('on 400 kbps and a 4x slower CPU, Follow tapped 1.5 s after the first byte opens the login sheet', async ({
  browser,
  baseURL,
  othersFirm,
}) => {
  test.setTimeout(120_000);
  const proxy = await startThrottleProxy({ kbps: 400, latencyMs: 400 });
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL,
    // Chromium sends loopback past a proxy unless told not to
    proxy: { server: `http://127.0.0.1:${proxy.port}`, bypass: '<-loopback>' },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`/${othersFirm.username}`, { waitUntil: 'commit', timeout: 60_000 });
    const firstByte = Date.now();
    const follow = page.getByRole('button', { name: /^Follow/ });
    await expect(follow).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(Math.max(0, 1500 - (Date.now() - firstByte)));
    const liveAlready = (await follow.getAttribute('data-tap-live')) !== null;
    await follow.click();
    const tappedAt = Date.now() - firstByte;
    // still before the scripts (kept, shown busy), or the live button: either way the tap does what it says
    if (!liveAlready) await expect(follow).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByText('Log in to follow this business.')).toBeVisible({ timeout: 30_000 });
    const answeredAt = Date.now() - firstByte;
    test
      .info()
      .annotations.push({ type: 'slow link', description: `tapped at ${tappedAt} ms, answered at ${answeredAt} ms after the first byte` });
    expect(tappedAt).toBeLessThan(3000);
    expect(proxy.counts.requests).toBeGreaterThan(1);
  } finally {
    await context.close();
    await proxy.close();
  }
});
