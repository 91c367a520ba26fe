/**
 * In-process rate limits for the auth endpoints. One server process serves the app (ARCHITECTURE.md
 * section 3), so memory is the right store; counters reset on restart, which only forgives.
 */
export interface RateLimitVerdict {
  allowed: boolean;
  /** seconds until the next attempt is allowed */
  retryAfter: number;
}

interface Bucket {
  count: number;
  resetAt: number;
}

export class FailureLimiter {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether another attempt may be made for this key. */
  check(key: string): RateLimitVerdict {
    const bucket = this.live(key);
    if (bucket && bucket.count >= this.maxFailures) {
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((bucket.resetAt - this.now()) / 1000)) };
    }
    return { allowed: true, retryAfter: 0 };
  }

  fail(key: string): void {
    const bucket = this.live(key);
    if (bucket) bucket.count += 1;
    else this.buckets.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.buckets.size > 50_000) this.sweep();
  }

  reset(key: string): void {
    this.buckets.delete(key);
  }

  private live(key: string): Bucket | undefined {
    const bucket = this.buckets.get(key);
    if (bucket && bucket.resetAt <= this.now()) {
      this.buckets.delete(key);
      return undefined;
    }
    return bucket;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}

/** A fixed-window cap on every attempt (success or not), e.g. per IP over all auth endpoints. */
export class RequestCap {
  private readonly limiter: FailureLimiter;
  constructor(max: number, windowMs: number, now: () => number = Date.now) {
    this.limiter = new FailureLimiter(max, windowMs, now);
  }

  take(key: string): RateLimitVerdict {
    const verdict = this.limiter.check(key);
    if (verdict.allowed) this.limiter.fail(key);
    return verdict;
  }
}
