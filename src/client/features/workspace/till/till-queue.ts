import { ApiError } from '../../../lib/api-client';
import type { TillSale } from '../../../../shared/till';
import { postTillSale } from '../api/till';
import { dequeueSale, queuedSales, refuseSale } from './till-store';

let running: Promise<unknown> = Promise.resolve();

/** A refusal that sending again will not change (not a lost connection, a sign-in to renew, a rate limit). */
const refusedForGood = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 403, 408, 429].includes(error.status);

/**
 * Sends the firm's queued sales in the order they were made, one at a time per tab (a second tab
 * sending the same sale is harmless: the server takes each sale key once). Stops at the first sale
 * that does not get through, leaving it and those after it queued for the next try.
 */
export function sendQueuedSales(firmId: string, reasonOf: (error: ApiError) => string): Promise<TillSale[]> {
  const next = running.then(async () => {
    const sent: TillSale[] = [];
    for (const queued of await queuedSales(firmId)) {
      try {
        sent.push(await postTillSale(firmId, queued.input));
        await dequeueSale(queued.seq!);
      } catch (error) {
        if (!refusedForGood(error)) break;
        await refuseSale({ ...queued, reason: reasonOf(error as ApiError) });
      }
    }
    return sent;
  });
  running = next.catch(() => undefined);
  return next;
}
