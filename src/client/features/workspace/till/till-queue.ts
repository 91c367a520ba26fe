import { ApiError } from '../../../lib/api-client';
import type { TillSale } from '../../../../shared/till';
import { postTillSale } from '../api/till';
import { sendQueue, TILL_SYNC_TAG } from '../../../../shared/till-send';
import { dequeueSale, queuedSales, refuseSale } from '../../../../shared/till-store';

let running: Promise<unknown> = Promise.resolve();

/** A refusal that sending again will not change (not a lost connection, a sign-in to renew, a rate limit). */
const refusedForGood = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 403, 408, 429].includes(error.status);

/**
 * Sends the firm's queued sales from this tab, one run at a time per tab and on the device's lock
 * with the other tabs and the service worker (till-send.ts). A sale refused for good moves to the
 * refused list with the reason in the till's language, and the sales after it go on.
 */
export function sendQueuedSales(firmId: string, reasonOf: (error: ApiError) => string): Promise<TillSale[]> {
  const next = running.then(() =>
    sendQueue(
      {
        read: () => queuedSales(firmId),
        post: (queued) => postTillSale(firmId, queued.input),
        done: dequeueSale,
        failed: async (queued, error) => {
          if (!refusedForGood(error)) return false;
          await refuseSale({ ...queued, reason: reasonOf(error as ApiError) });
          return true;
        },
      },
      navigator.locks,
    ),
  );
  running = next.catch(() => undefined);
  return next;
}

/**
 * Asks the browser to wake the service worker when the connection is back (Background Sync, where the browser
 * has it), so the queue goes out even with no till open. Without it the till sends on its next start.
 */
export async function askForBackgroundSync(container: ServiceWorkerContainer | undefined = navigator.serviceWorker): Promise<void> {
  const registration = await container?.getRegistration().catch(() => undefined);
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(TILL_SYNC_TAG).catch(() => undefined);
}
