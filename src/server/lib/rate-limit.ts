import { HttpError } from './errors';

/**
 * Rate limits: fixed windows counted in a store. The store is the one seam: this process keeps its
 * counters in memory (`createMemoryRateLimitStore`, right for the single embedded process); the
 * scale-out (several processes on one PostgreSQL) adds a store with the same three operations and
 * no caller changes.
 *
 * An attempt is counted BEFORE the work it limits (`consume`), so a burst of parallel requests
 * cannot all slip in before the first one is counted; an attempt that should not count (a login
 * that succeeded) is taken back with `undo`.
 */
export interface RateLimitStore {
  /**
   * Atomically counts one hit of `key` in its current window (a new window of `windowMs` when
   * there is none) and answers the count including this hit and when the window ends (epoch ms).
   */
  consume(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  /** Takes back one hit of `key` (never below zero). */
  undo(key: string, now: number): Promise<void>;
  /** Forgets `key`'s window. */
  reset(key: string): Promise<void>;
}

interface Window {
  count: number;
  resetAt: number;
}

/** The store of one process: a map of windows, expired ones swept as it grows. */
export function createMemoryRateLimitStore(maxKeys = 100_000): RateLimitStore {
  const windows = new Map<string, Window>();
  const live = (key: string, now: number) => {
    const window = windows.get(key);
    if (window && window.resetAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
    // Still full of live windows (a flood of distinct keys): drop the oldest, which only forgives.
    for (const key of windows.keys()) {
      if (windows.size <= maxKeys * 0.9) break;
      windows.delete(key);
    }
  };
  return {
    async consume(key, windowMs, now) {
      let window = live(key, now);
      if (!window) {
        if (windows.size >= maxKeys) sweep(now);
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetAt: window.resetAt };
    },
    async undo(key, now) {
      const window = live(key, now);
      if (window && window.count > 0) window.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

interface RateLimitVerdict {
  allowed: boolean;
  /** seconds until the window ends (when not allowed: how long to wait) */
  retryAfter: number;
}

/** One limit: at most `max` hits per key in a window of `windowMs`. */
export interface RateLimitRule {
  /** prefixes its keys in the store, so limits share one store without colliding */
  name: string;
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one hit of `key` now; not allowed once the window holds more than `max`. */
  consume(key: string): Promise<RateLimitVerdict>;
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore, rule: RateLimitRule, now: () => number = Date.now): RateLimiter {
  const full = (key: string) => `${rule.name}:${key}`;
  return {
    async consume(key) {
      const at = now();
      const { count, resetAt } = await store.consume(full(key), rule.windowMs, at);
      const retryAfter = Math.max(1, Math.ceil((resetAt - at) / 1000));
      return { allowed: count <= rule.max, retryAfter };
    },
    undo: (key) => store.undo(full(key), now()),
    reset: (key) => store.reset(full(key)),
  };
}

/**
 * Counts one attempt against several limits at once (e.g. per account AND per address). If any
 * refuses, the others' hits are taken back (a refused attempt was never made) and the longest wait
 * is answered. On allowed, `undo()` takes every hit back (the attempt turned out not to count).
 */
export async function consumeAll(
  hits: { limiter: RateLimiter; key: string }[],
): Promise<{ allowed: boolean; retryAfter: number; undo(): Promise<void> }> {
  const verdicts = await Promise.all(hits.map((hit) => hit.limiter.consume(hit.key)));
  const undo = async () => {
    await Promise.all(hits.map((hit) => hit.limiter.undo(hit.key)));
  };
  const refused = verdicts.filter((verdict) => !verdict.allowed);
  if (refused.length) {
    await undo();
    return { allowed: false, retryAfter: Math.max(...refused.map((verdict) => verdict.retryAfter)), undo: async () => {} };
  }
  return { allowed: true, retryAfter: 0, undo };
}

/** "15 minutes", "40 seconds": how long to wait, for the 429's detail. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The answer to a spent limit: 429 problem details with `Retry-After` (seconds) and a detail that
 * says how long to wait. `what` begins the sentence: "Too many attempts", "Too many uploads".
 */
export function tooManyRequests(retryAfter: number, what = 'Too many attempts'): HttpError {
  return new HttpError(429, `${what}. Please wait ${waitText(retryAfter)} and try again.`, 'rate_limited', undefined, {
    'Retry-After': String(retryAfter),
  });
}
