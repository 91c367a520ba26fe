import type { BrowserContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { upgradeToGrowth } from './support/payments';
import { WORKER_TIMEOUT } from './support/pwa';
import { openTill, productLeft, queuedSales, sellOffline, tillOrders } from './support/till';

/**
 * Background Sync (Chromium has it): cash sales made offline ask the browser to wake the service
 * worker when the connection is back, and the worker sends them from the device's queue with no till
 * open, each once. The 'sync' event is fired through the DevTools protocol
 * (ServiceWorker.dispatchSyncEvent), as the browser would on its own once the connection returns;
 * the browser's own one may come too, and the two take turns on the queue.
 */
test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

const TAG = 'souk-till-sales';

/** Fires the worker's 'sync' event for `tag` from a blank tab (no page of the app is open). */
async function fireSync(context: BrowserContext, origin: string, tag: string): Promise<void> {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag, lastChance: false });
}

test('offline cash sales are sent by the service worker when the connection returns, with the till closed, each once', async ({
  context,
  page,
  firm,
}) => {
  test.setTimeout(150_000);
  const origin = test.info().project.use.baseURL!;
  await upgradeToGrowth(page, firm.id);
  const till = await openTill(context, firm);
  await till.getByRole('switch', { name: 'Keep selling for cash while offline' }).click();
  await expect(till.getByRole('switch', { name: 'Keep selling for cash while offline' })).toBeChecked();
  await expect
    .poll(() => till.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), {
      timeout: WORKER_TIMEOUT,
    })
    .toBe('activated');

  await context.setOffline(true);
  await expect(till.getByTestId('till-offline')).toContainText('The till is offline.');
  await sellOffline(till, firm, 2);
  await expect(till.getByTestId('till-offline')).toHaveText('Offline: 2 sales are waiting to be sent.');
  expect(await queuedSales(till)).toHaveLength(2);
  // the till asked the browser for a sync when it kept each sale
  const tags = await till.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } };
    return registration.sync.getTags();
  });
  expect(tags).toContain(TAG);
  expect(await tillOrders(context, firm)).toEqual([]);

  // the till is closed with the sales waiting; the connection returns; no till is opened again
  await till.close();
  await page.close();
  await context.setOffline(false);
  await fireSync(context, origin, TAG);
  await expect.poll(async () => (await tillOrders(context, firm)).length, { timeout: 30_000 }).toBe(2);
  expect(context.pages().map((open) => open.url())).toEqual(['about:blank']);
  expect(await productLeft(context, firm)).toBe(18);

  // a second wake-up (the browser's own, or a retry) finds the queue empty: nothing is sent twice
  await fireSync(context, origin, TAG);
  const orders = await tillOrders(context, firm);
  expect(orders).toHaveLength(2);
  expect(new Set(orders.map((order) => order.reference)).size).toBe(2);
  expect(await productLeft(context, firm)).toBe(18);
  const home = await context.newPage();
  await home.goto('/');
  expect(await queuedSales(home)).toEqual([]);
});
