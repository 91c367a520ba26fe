import crypto from 'node:crypto';
import type { ServerSecrets } from '../../lib/secrets';

/**
 * The limit on one visitor counting one page again and again (a script reloading it), kept as a
 * fixed table of small counters in this process's memory: a view adds one to the slot that a salted
 * hash of the visitor's address and the page picks, and every slot starts again at zero when the
 * window ends. Nothing is kept per visitor (no address, no hash, no object), so a crowd of new
 * visitors costs no memory and no garbage, and no statement is written a view (decision 070).
 *
 * Two visitor-pages may share a slot; with a million slots and some hundred thousand visitor-pages
 * in a window a slot rarely holds anyone else's views, and then only a few, so a visitor is hardly
 * ever refused for someone else. Behind several processes each keeps its own table: a visitor may
 * count a page the limit's number of times on each, which still stops a script.
 */
export interface ViewLimit {
  /** Counts one view; `allowed` false past the limit, `retryAfter` the seconds until the window ends. */
  consume(address: string, page: string): { allowed: boolean; retryAfter: number };
}

const SLOTS = 1 << 20;

export function createViewLimit(
  { secrets, clock }: { secrets: Pick<ServerSecrets, 'refreshKey'>; clock: () => Date },
  { max, windowMs }: { max: number; windowMs: number },
): ViewLimit {
  // the counters saturate at 255, far above any limit of views a visitor may count
  const counts = new Uint8Array(SLOTS);
  const salt = Buffer.from(secrets.refreshKey).toString('base64');
  let windowEnds = 0;
  return {
    consume(address, page) {
      const now = clock().getTime();
      if (now >= windowEnds) {
        counts.fill(0);
        windowEnds = now + windowMs;
      }
      const slot = crypto.hash('sha256', `${salt}|${address}|${page}`, 'buffer').readUInt32LE(0) & (SLOTS - 1);
      const retryAfter = Math.max(1, Math.ceil((windowEnds - now) / 1000));
      if (counts[slot]! >= max) return { allowed: false, retryAfter };
      counts[slot]! += 1;
      return { allowed: true, retryAfter };
    },
  };
}
