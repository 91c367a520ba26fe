import fs from 'node:fs';
import { HttpError } from './errors';
import { tooManyRequests } from './rate-limit';

/**
 * How many live streams (server-sent events) this process keeps open. Each one holds a socket, a
 * file descriptor, for up to ten minutes: without a bound one account could open them until the
 * process runs out of descriptors and every login and page fails with it.
 *
 * - per account: a person needs a stream per open tab, a handful; a new one closes that account's
 *   oldest (the tab left open longest reconnects if it is still there), so nobody is refused;
 * - per address: many accounts behind one address (a script with many logins) get a 429;
 * - in all: a ceiling below the descriptor limit, so logins, pages and the database keep their
 *   descriptors; past it a 503 with Retry-After (clients fall back to polling meanwhile).
 */
export interface StreamLimitRules {
  perAccount: number;
  perAddress: number;
  total: number;
}

interface OpenStream {
  account: string;
  address: string;
  close: () => void;
}

/** the seconds a refused client waits before it tries to open a stream again */
const RETRY_AFTER_S = 30;

export function createStreamLimits(rules: StreamLimitRules) {
  const byAccount = new Map<string, OpenStream[]>();
  const byAddress = new Map<string, number>();
  let total = 0;

  function forget(stream: OpenStream) {
    const list = byAccount.get(stream.account);
    const index = list?.indexOf(stream) ?? -1;
    if (!list || index < 0) return;
    list.splice(index, 1);
    if (list.length === 0) byAccount.delete(stream.account);
    const left = (byAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) byAddress.set(stream.address, left);
    else byAddress.delete(stream.address);
    total -= 1;
  }

  return {
    /**
     * Makes room for a new stream of `account` from `address`, or throws its 429 / 503. `close`
     * ends the stream when it must give way to a newer one of the same account. Answers the
     * function that gives the place back when the stream ends (safe to call more than once).
     */
    open(account: string, address: string, close: () => void): () => void {
      const mine = byAccount.get(account) ?? [];
      // the account's oldest streams give way first: they do not count against the other caps
      const leaving = mine.slice(0, Math.max(0, mine.length - rules.perAccount + 1));
      const sameAddress = (byAddress.get(address) ?? 0) - leaving.filter((s) => s.address === address).length;
      if (sameAddress >= rules.perAddress) throw tooManyRequests(RETRY_AFTER_S, 'Too many live connections from this address');
      if (total - leaving.length >= rules.total) {
        throw new HttpError(503, 'The server has as many live connections as it can hold. Try again shortly.', 'unavailable', undefined, {
          'Retry-After': String(RETRY_AFTER_S),
        });
      }
      for (const old of leaving) {
        forget(old);
        old.close();
      }
      const stream: OpenStream = { account, address, close };
      mine.push(stream);
      byAccount.set(account, mine);
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
      total += 1;
      return () => forget(stream);
    },
    /** streams open now (the health page, tests) */
    openCount: () => total,
  };
}

/**
 * The default ceiling: half of this process's open-files limit (Linux: /proc/self/limits), the
 * rest for the listening socket, ordinary requests, the database and files; 4,000 where the limit
 * cannot be read. The README's deployment notes raise `ulimit -n` for more.
 */
export function defaultStreamCeiling(limitsFile = '/proc/self/limits'): number {
  try {
    const line = fs
      .readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    if (Number.isFinite(soft) && soft > 0) return Math.max(1, Math.floor(soft / 2));
  } catch {
    // not Linux: the fixed default
  }
  return 4000;
}
