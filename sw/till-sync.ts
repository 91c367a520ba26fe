/// <reference lib="webworker" />
import type { TillSale } from '../src/shared/till';
import { sendQueue, TILL_SYNC_TAG } from '../src/shared/till-send';
import { allQueuedSales, dequeueSale, type QueuedSale } from '../src/shared/till-store';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event (not in TypeScript's worker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** The server did not take the sale now; `retry`: the connection or the server, worth another sync later. */
class NotSent extends Error {
  constructor(readonly retry: boolean) {
    super('till sale not sent');
  }
}

async function postSale(sale: QueuedSale): Promise<TillSale> {
  let response: Response;
  try {
    response = await fetch(`/api/dashboard/till/sales?firmId=${encodeURIComponent(sale.firmId)}`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(sale.input),
    });
  } catch {
    throw new NotSent(true);
  }
  if (!response.ok) throw new NotSent(response.status >= 500 || response.status === 408 || response.status === 429);
  return (await response.json()) as TillSale;
}

/**
 * Sends every firm's queued sales from the worker, with no till open, on the device's lock with the
 * till's tabs and under the same sale keys. A sale the server refuses, or one that needs a sign-in
 * renewed, stays queued for the till, which renews the session and words a refusal in its language
 * (it sends on its next start). A lost connection rejects the event, so the browser tries again later.
 */
async function sendFromWorker(): Promise<void> {
  let retry = false;
  await sendQueue(
    {
      read: allQueuedSales,
      post: postSale,
      done: dequeueSale,
      failed: async (_sale, error) => {
        retry = error instanceof NotSent && error.retry;
        return false;
      },
    },
    self.navigator.locks,
  );
  if (retry) throw new NotSent(true);
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === TILL_SYNC_TAG) sync.waitUntil(sendFromWorker());
});
