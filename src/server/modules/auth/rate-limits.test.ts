import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../testing/test-app';
import { CookieJar, call, codeFromOutbox, insertUser } from '../../testing/auth-helpers';
import { readOutbox } from '../../testing/outbox';
import { ACCOUNT_MAX_FAILURES, IP_CAP, MAX_FAILURES } from './auth-guards';

const PASSWORD = 'amber-lantern-kettle';

/**
 * A login request as if from `socket` (the TCP peer), optionally through proxies that wrote
 * X-Forwarded-For, optionally from a browser with `cookie` (the known-device cookie of an earlier login).
 */
function loginFrom(ctx: TestContext, email: string, password: string, socket: string, forwardedFor?: string, cookie?: string) {
  return postFrom(ctx, '/api/iam/login/email', { email, password }, socket, forwardedFor, cookie);
}

function postFrom(ctx: TestContext, path: string, body: unknown, socket: string, forwardedFor?: string, cookie?: string) {
  return ctx.app.request(
    `${TEST_ORIGIN}${path}`,
    {
      method: 'POST',
      headers: {
        Origin: TEST_ORIGIN,
        'Content-Type': 'application/json',
        'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
        ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: socket, remotePort: 40000, remoteFamily: socket.includes(':') ? 'IPv6' : 'IPv4' } } },
  );
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('login guesses in parallel', () => {
  it(`a burst of 60 wrong passwords for one email from one address gets ${MAX_FAILURES} × 401, the rest 429`, async () => {
    await insertUser(ctx, 'burst@souk.test', PASSWORD);
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => loginFrom(ctx, 'burst@souk.test', `wrong-password-${i}`, '203.0.113.7')),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - MAX_FAILURES);
  });

  it('a burst of 40 with the right password last does not sign in', async () => {
    await insertUser(ctx, 'burst-right@souk.test', PASSWORD);
    const guesses = Array.from({ length: 39 }, (_, i) => `wrong-password-${i}`);
    const responses = await Promise.all([...guesses, PASSWORD].map((p) => loginFrom(ctx, 'burst-right@souk.test', p, '203.0.113.8')));
    const last = responses.at(-1)!;
    expect(last.status).toBe(429);
    expect(last.headers.getSetCookie()).toEqual([]);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(0);
  });

  it('says how long to wait, in the detail and in Retry-After', async () => {
    await insertUser(ctx, 'wait@souk.test', PASSWORD);
    for (let i = 0; i < MAX_FAILURES; i++) await loginFrom(ctx, 'wait@souk.test', 'wrong-password', '203.0.113.9');
    const refused = await loginFrom(ctx, 'wait@souk.test', PASSWORD, '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    const body = await refused.json();
    expect(body).toMatchObject({ status: 429, code: 'rate_limited', type: 'about:blank', title: 'Too Many Requests' });
    expect(body.detail).toBe('Too many attempts. Please wait 15 minutes and try again.');
  });

  it('an attempt that fails validation or succeeds is not counted as a failure', async () => {
    await insertUser(ctx, 'counted@souk.test', PASSWORD);
    for (let i = 0; i < MAX_FAILURES * 2; i++)
      expect((await loginFrom(ctx, 'counted@souk.test', PASSWORD, '203.0.113.10')).status).toBe(200);
    for (let i = 0; i < MAX_FAILURES; i++)
      expect((await loginFrom(ctx, 'counted@souk.test', 'wrong-password', '203.0.113.10')).status).toBe(401);
    expect((await loginFrom(ctx, 'counted@souk.test', 'wrong-password', '203.0.113.10')).status).toBe(429);
  });
});

describe('per account, across addresses', () => {
  it(`stops guesses at one account spread over many addresses after ${ACCOUNT_MAX_FAILURES} failures`, async () => {
    await insertUser(ctx, 'spread@souk.test', PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_MAX_FAILURES + 3; i++) {
      statuses.push((await loginFrom(ctx, 'spread@souk.test', 'wrong-password', `198.51.100.${i + 1}`)).status);
    }
    expect(statuses.slice(0, ACCOUNT_MAX_FAILURES).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(ACCOUNT_MAX_FAILURES)).toEqual([429, 429, 429]);
    // even from a fresh address with the right password
    expect((await loginFrom(ctx, 'spread@souk.test', PASSWORD, '192.0.2.200')).status).toBe(429);
    // other accounts are not affected
    await insertUser(ctx, 'unaffected@souk.test', PASSWORD);
    expect((await loginFrom(ctx, 'unaffected@souk.test', PASSWORD, '198.51.100.1')).status).toBe(200);
  });
});

describe('guessing at an account does not lock its owner out', () => {
  /** the owner signs in once from their browser: it keeps the known-device cookie */
  async function ownerDevice(email: string) {
    await insertUser(ctx, email, PASSWORD);
    const first = await loginFrom(ctx, email, PASSWORD, '192.0.2.10');
    expect(first.status).toBe(200);
    const device = [...new CookieJar().take(first).cookies].find(([name]) => name.includes('souk_dv'));
    expect(device).toBeDefined();
    return `${device![0]}=${device![1]}`;
  }

  it('lets the owner in from a known device, from a new address, in the middle of a burst of guesses from everywhere', async () => {
    const device = await ownerDevice('owner-race@souk.test');
    const guesses = Array.from({ length: ACCOUNT_MAX_FAILURES * 3 }, (_, i) =>
      loginFrom(ctx, 'owner-race@souk.test', `wrong-password-${i}`, `198.51.100.${i + 1}`),
    );
    const owner = loginFrom(ctx, 'owner-race@souk.test', PASSWORD, '192.0.2.77', undefined, device);
    const [ownerStatus, ...guessStatuses] = (await Promise.all([owner, ...guesses])).map((r) => r.status);
    expect(ownerStatus).toBe(200);
    expect(guessStatuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // after the burst: the known device still gets in, a stranger's device does not
    expect((await loginFrom(ctx, 'owner-race@souk.test', PASSWORD, '192.0.2.78', undefined, device)).status).toBe(200);
    expect((await loginFrom(ctx, 'owner-race@souk.test', PASSWORD, '192.0.2.79')).status).toBe(429);
  });

  it('does not take a device cookie made for another account', async () => {
    const device = await ownerDevice('cookie-a@souk.test');
    await insertUser(ctx, 'cookie-b@souk.test', PASSWORD);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) await loginFrom(ctx, 'cookie-b@souk.test', 'wrong-password', `198.51.101.${i + 1}`);
    expect((await loginFrom(ctx, 'cookie-b@souk.test', PASSWORD, '192.0.2.80', undefined, device)).status).toBe(429);
    expect((await loginFrom(ctx, 'cookie-b@souk.test', PASSWORD, '192.0.2.80', undefined, `${device}x`)).status).toBe(429);
  });

  it('lets a fresh reset code in while strangers keep guessing passwords and codes', async () => {
    await insertUser(ctx, 'owner-reset@souk.test', PASSWORD);
    const wrongCodes = Array.from({ length: ACCOUNT_MAX_FAILURES + 5 }, (_, i) =>
      postFrom(
        ctx,
        '/api/iam/password/reset/complete',
        { email: 'owner-reset@souk.test', code: '000000', password: 'a-new-long-password-9' },
        `198.51.102.${i + 1}`,
      ),
    );
    const wrongPasswords = Array.from({ length: ACCOUNT_MAX_FAILURES + 5 }, (_, i) =>
      loginFrom(ctx, 'owner-reset@souk.test', 'wrong-password', `198.51.103.${i + 1}`),
    );
    await Promise.all([...wrongCodes, ...wrongPasswords]);
    // the owner, from their own address (ctx.request waits for the mail sent after the answer)
    expect((await call(ctx, null, 'POST', '/api/iam/password/reset/start', { email: 'owner-reset@souk.test' })).status).toBe(200);
    const code = codeFromOutbox(ctx.dataDir, 'owner-reset@souk.test');
    const reset = await call(ctx, null, 'POST', '/api/iam/password/reset/complete', {
      email: 'owner-reset@souk.test',
      code,
      password: 'a-new-long-password-9',
    });
    expect(reset.status).toBe(200);
  });

  it('mails the owner, in their language, when a device signs in for the first time, and not again from it', async () => {
    const id = await insertUser(ctx, 'mailed@souk.test', PASSWORD);
    await ctx.deps.db.updateTable('users').set({ language: 'fr' }).where('id', '=', id).execute();
    const mailsTo = () => readOutbox(ctx.dataDir).filter((mail) => mail.to.includes('mailed@souk.test'));
    const first = await ctx.request('/api/iam/login/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
      body: JSON.stringify({ email: 'mailed@souk.test', password: PASSWORD }),
    });
    expect(first.status).toBe(200);
    expect(mailsTo()).toHaveLength(1);
    expect(mailsTo()[0]).toMatchObject({ language: 'fr', subject: 'Nouvelle connexion à votre compte Souk' });
    expect(mailsTo()[0].text).toContain('Firefox/140.0');
    const device = new CookieJar().take(first).header();
    const again = await ctx.request('/api/iam/login/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: device },
      body: JSON.stringify({ email: 'mailed@souk.test', password: PASSWORD }),
    });
    expect(again.status).toBe(200);
    expect(mailsTo()).toHaveLength(1);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  it('without TRUST_PROXY every client of the proxy is the proxy: X-Forwarded-For is ignored', async () => {
    await insertUser(ctx, 'spoof@souk.test', PASSWORD);
    // an attacker rotating the header gains nothing
    for (let i = 0; i < MAX_FAILURES; i++) await loginFrom(ctx, 'spoof@souk.test', 'wrong-password', '203.0.113.50', `10.9.9.${i}`);
    expect((await loginFrom(ctx, 'spoof@souk.test', PASSWORD, '203.0.113.50', '10.9.9.99')).status).toBe(429);
  });

  it('with TRUST_PROXY=1, two clients behind one proxy have separate limits', async () => {
    const proxied = await createTestContext({ envOverrides: { TRUST_PROXY: '1' } });
    try {
      // The proxy's address is the socket's; each client's is the last X-Forwarded-For entry.
      const responses = [];
      for (let i = 0; i < IP_CAP; i++)
        responses.push((await loginFrom(proxied, `junk${i}@souk.test`, '', '10.0.0.2', '203.0.113.1')).status);
      expect(responses.every((s) => s === 400)).toBe(true);
      expect((await loginFrom(proxied, 'junk@souk.test', '', '10.0.0.2', '203.0.113.1')).status).toBe(429);
      // the other client of the same proxy is not locked out
      await insertUser(proxied, 'neighbour@souk.test', PASSWORD);
      expect((await loginFrom(proxied, 'neighbour@souk.test', PASSWORD, '10.0.0.2', '203.0.113.2')).status).toBe(200);
      // a client cannot choose its address by prepending to the header: the proxy's entry counts
      expect((await loginFrom(proxied, 'junk@souk.test', '', '10.0.0.2', '1.2.3.4, 203.0.113.1')).status).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it("records the client's address, not the proxy's, on the login", async () => {
    const proxied = await createTestContext({ envOverrides: { TRUST_PROXY: '10.0.0.0/8' } });
    try {
      const id = await insertUser(proxied, 'recorded@souk.test', PASSWORD);
      expect((await loginFrom(proxied, 'recorded@souk.test', PASSWORD, '10.0.0.2', '198.51.100.77, 10.1.1.1')).status).toBe(200);
      const session = await proxied.deps.db.selectFrom('auth_sessions').select('ip').where('user_id', '=', id).executeTakeFirstOrThrow();
      expect(session.ip).toBe('198.51.100.77');
    } finally {
      await proxied.close();
    }
  });
});
