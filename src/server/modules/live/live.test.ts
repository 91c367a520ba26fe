import { describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { usePeople } from '../../testing/people-fixtures';
import { createStreamLimits, defaultStreamCeiling } from '../../lib/stream-limits';
import type { HttpError } from '../../lib/errors';

const PER_ACCOUNT = 5;
const people = usePeople(['ana', 'ben'], { envOverrides: { LIVE_STREAMS_PER_ACCOUNT: String(PER_ACCOUNT) } });

const openStream = () => people.ctx.request('/api/user/stream', { headers: { Cookie: people.cookie('ana') } });

describe('live streams', () => {
  it('keep at most the per-account cap open when one account opens 2,000, and ordinary requests keep answering', async () => {
    const streams: Response[] = [];
    for (let i = 0; i < 2000; i++) {
      const response = await openStream();
      expect(response.status).toBe(200);
      streams.push(response);
      if (i % 250 === 0) {
        const started = performance.now();
        expect((await people.call('ben', 'GET', '/api/public/firms')).status).toBe(200);
        expect((await people.ctx.request('/api/health')).status).toBe(200);
        expect(performance.now() - started).toBeLessThan(2000);
      }
    }
    // the replaced streams end as soon as their loops see the abort
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(people.ctx.deps.realtime.subscriberCount()).toBeLessThanOrEqual(PER_ACCOUNT);
    // an old one has ended for its client; the newest still carries events
    const oldest = streams[0].body!.getReader();
    let ended = false;
    for (let reads = 0; reads < 10 && !ended; reads++) ended = (await oldest.read()).done;
    expect(ended).toBe(true);
    const newest = streams.at(-1)!.body!.getReader();
    expect(new TextDecoder().decode((await newest.read()).value)).toContain('retry: 3000');
    for (const response of streams.slice(-PER_ACCOUNT)) await response.body?.cancel().catch(() => undefined);
    await newest.cancel();
  }, 120_000);
});

describe('stream limits', () => {
  const refusal = (open: () => unknown) => {
    try {
      open();
    } catch (error) {
      return error as HttpError;
    }
    throw new Error('not refused');
  };

  it('close the oldest stream of an account to make room for its new one', () => {
    const limits = createStreamLimits({ perAccount: 2, perAddress: 10, total: 10 });
    const closed: string[] = [];
    limits.open('a', '1.1.1.1', () => closed.push('first'));
    limits.open('a', '1.1.1.1', () => closed.push('second'));
    limits.open('a', '1.1.1.1', () => closed.push('third'));
    expect(closed).toEqual(['first']);
    expect(limits.openCount()).toBe(2);
  });

  it('refuse more than the cap of one address with a 429', () => {
    const limits = createStreamLimits({ perAccount: 2, perAddress: 3, total: 10 });
    for (const account of ['a', 'a', 'b']) limits.open(account, '1.1.1.1', () => undefined);
    const error = refusal(() => limits.open('c', '1.1.1.1', () => undefined));
    expect(error.status).toBe(429);
    expect(error.headers?.['Retry-After']).toMatch(/^\d+$/);
    // the same account replaces its own: not refused
    limits.open('a', '1.1.1.1', () => undefined);
    limits.open('c', '2.2.2.2', () => undefined);
  });

  it('refuse past the ceiling with a 503 and Retry-After, and take streams again once one ends', () => {
    const limits = createStreamLimits({ perAccount: 5, perAddress: 10, total: 2 });
    const release = limits.open('a', '1.1.1.1', () => undefined);
    limits.open('b', '2.2.2.2', () => undefined);
    const error = refusal(() => limits.open('c', '3.3.3.3', () => undefined));
    expect(error.status).toBe(503);
    expect(error.headers?.['Retry-After']).toMatch(/^\d+$/);
    release();
    release();
    expect(limits.openCount()).toBe(1);
    limits.open('c', '3.3.3.3', () => undefined);
  });

  it('sets the default ceiling to half the open-files limit', () => {
    expect(defaultStreamCeiling('/proc/self/limits')).toBeGreaterThan(0);
    expect(defaultStreamCeiling('/no/such/file')).toBe(4000);
  });
});
