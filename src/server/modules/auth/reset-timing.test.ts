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
    for (let i = 0; i < 3; i++) await insertUser(ctx, `timed${i}@souk.test`, 'olive-harbour-lantern');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 3; i++) {
        // each alone: the mail of one must not slow the next one down
        const pair = [
          () => resetStart(`timed${i}@souk.test`).then((r) => known.push(r.ms)),
          () => resetStart(`ghost${round}-${i}@souk.test`).then((r) => unknown.push(r.ms)),
        ];
        for (const attempt of (round + i) % 2 ? pair : pair.reverse()) {
          await attempt();
          await ctx.deps.background.settled();
        }
      }
    }
    // Both answers do the same work (validation, the rate limit): a few milliseconds apart at most
    // (the old code's unknown path alone slept 5-15 ms). The fastest of twelve, not the median: a
    // loaded machine only ever adds time, and the median of a busy CI run drifted by 5 ms.
    const [a, b] = [Math.min(...known), Math.min(...unknown)];
    expect(Math.abs(a - b)).toBeLessThan(Math.max(3, 0.25 * Math.max(a, b)));
  });
});
