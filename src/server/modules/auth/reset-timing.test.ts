import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../lib/mail';
import { createLogger } from '../../lib/logger';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../testing/test-app';
import { codeFromOutbox, insertUser } from '../../testing/auth-helpers';

/**
 * The real outbox mailer behind a gate the test opens: while it is shut, a send waits (as over a
 * slow SMTP link), so an answer that waited for the mail would never come.
 */
function gatedMailer() {
  let real: Mailer | undefined;
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const mailer: Mailer = {
    send: async (message) => {
      await gate;
      return real!.send(message);
    },
  };
  return { mailer, open: () => open(), writeTo: (dataDir: string) => (real = createMailer({ dataDir, logger: createLogger('silent') })) };
}

let ctx: TestContext;
const gate = gatedMailer();
beforeAll(async () => {
  ctx = await createTestContext({ mail: gate.mailer });
  gate.writeTo(ctx.dataDir);
});
afterAll(() => ctx.close());

/** The bare answer: not waiting for the request's background work as ctx.request does. */
async function resetStart(email: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await ctx.app.request(`${TEST_ORIGIN}/api/iam/password/reset/start`, {
    method: 'POST',
    headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  return { status: response.status, ms: performance.now() - started };
}

/** Known and unknown answers may differ by less than this (the leak this guards against was 5 ms or more). */
const SAME_TIME_MS = 3;

/**
 * Twelve answers for known addresses and twelve for unknown ones, alternating which goes first, each
 * alone (the mail of one must not slow the next one down). Fresh addresses per measure: each one is
 * asked four times, under the limit of codes per email.
 */
async function measureResetStarts(tag: string): Promise<{ known: number[]; unknown: number[] }> {
  for (let i = 0; i < 3; i++) await insertUser(ctx, `timed-${tag}-${i}@souk.test`, 'olive-harbour-lantern');
  const known: number[] = [];
  const unknown: number[] = [];
  for (let round = 0; round < 4; round++) {
    for (let i = 0; i < 3; i++) {
      const pair = [
        () => resetStart(`timed-${tag}-${i}@souk.test`).then((r) => known.push(answered(r))),
        () => resetStart(`ghost-${tag}-${round}-${i}@souk.test`).then((r) => unknown.push(answered(r))),
      ];
      for (const attempt of (round + i) % 2 ? pair : pair.reverse()) {
        await attempt();
        await ctx.deps.background.settled();
      }
    }
  }
  return { known, unknown };
}

/** A refused answer (a rate limit) would be fast for both kinds and prove nothing. */
function answered({ status, ms }: { status: number; ms: number }): number {
  expect(status).toBe(200);
  return ms;
}

describe('password reset start: no enumeration by timing', () => {
  it('answers a known address before its mail is sent (the lookup, code and mail come after the answer)', async () => {
    await insertUser(ctx, 'known-reset@souk.test', 'olive-harbour-lantern');
    const answer = await Promise.race([
      resetStart('known-reset@souk.test'),
      new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3000)),
    ]);
    expect(answer).not.toBe('waited');
    expect(answer).toMatchObject({ status: 200 });
    // and the mail does go, once it can
    gate.open();
    await ctx.deps.background.settled();
    expect(codeFromOutbox(ctx.dataDir, 'known-reset@souk.test')).toMatch(/^\d{6}$/);
  });

  it('takes the same time for known and unknown addresses', async () => {
    // Each measure takes the fastest of twelve answers of each kind, interleaved: a loaded machine
    // only ever adds time, so the fastest answers are the work itself. A leak cannot hide there (the
    // old code's unknown path alone slept 5-15 ms: its fastest answer was at least 5 ms slower),
    // while a burst of load can still spoil one measure: up to three are taken, and one within
    // 3 ms passes. The limit is absolute: a slow machine does not widen it.
    const gaps: number[] = [];
    for (let measure = 0; measure < 3 && !(Math.min(...gaps) < SAME_TIME_MS); measure++) {
      const { known, unknown } = await measureResetStarts(`m${measure}`);
      gaps.push(Math.abs(Math.min(...known) - Math.min(...unknown)));
    }
    expect(Math.min(...gaps), `gaps of the measures (ms): ${gaps.map((gap) => gap.toFixed(2)).join(', ')}`).toBeLessThan(SAME_TIME_MS);
  });
});
