import type { TillSale } from './till';
import type { QueuedSale } from './till-store';

/*
 * Sending the till's offline queue, from the till's tabs (src/client/features/workspace/till/till-queue.ts)
 * and from the service worker on Background Sync (sw/till-sync.ts).
 */

/**
 * The Web Lock that the till's tabs and the service worker take turns on while they send the queue:
 * one sender at a time on the device, and each reads the queue only once it holds the lock, so a
 * sale another sender took out meanwhile is not sent again. (Sent twice all the same, say by a browser
 * without Web Locks, it is still taken once: the server takes each sale key once.)
 */
const TILL_QUEUE_LOCK = 'souk-till-queue';

/** The Background Sync tag the till registers when it queues a sale; the service worker sends the queue on it. */
export const TILL_SYNC_TAG = 'souk-till-sales';

export interface SendSteps {
  /** the sales to send, oldest first; read once the lock is held */
  read(): Promise<QueuedSale[]>;
  post(sale: QueuedSale): Promise<TillSale>;
  /** the server has answered the sale: out of the queue */
  done(seq: number): Promise<void>;
  /** the sale did not get through: true when it was set aside and the next may go, false to stop here */
  failed(sale: QueuedSale, error: unknown): Promise<boolean>;
}

/** The Web Locks of the page or the worker (navigator.locks); without them, the server's sale keys alone. */
type Locks = { request(name: string, task: () => Promise<TillSale[]>): Promise<unknown> } | undefined;

/**
 * Sends the queued sales in the order they were made, one at a time, holding the device's lock.
 * A sale leaves the queue only after the server's answer; the first one that does not get through
 * (and is not set aside) stops the run, leaving it and those after it for the next try.
 */
export function sendQueue(steps: SendSteps, locks: Locks): Promise<TillSale[]> {
  const run = async () => {
    const sent: TillSale[] = [];
    for (const queued of await steps.read()) {
      try {
        sent.push(await steps.post(queued));
      } catch (error) {
        if (await steps.failed(queued, error)) continue;
        break;
      }
      await steps.done(queued.seq!);
    }
    return sent;
  };
  return locks?.request ? (locks.request(TILL_QUEUE_LOCK, run) as Promise<TillSale[]>) : run();
}
