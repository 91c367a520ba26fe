import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { CookieJar, SESSION_INFO, call, insertUser } from '../../testing/auth-helpers';
import { REFRESH_GRACE_MS } from './sessions.service';

const PASSWORD = 'amber-lantern-kettle';
const RT = '__Host-souk_rt';

let now = Date.now();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock: () => new Date(now) });
});
afterAll(() => ctx.close());

async function signedIn(email: string) {
  await insertUser(ctx, email, PASSWORD);
  const jar = new CookieJar();
  expect((await call(ctx, jar, 'POST', '/api/iam/login/email', { email, password: PASSWORD, sessionInfo: SESSION_INFO })).status).toBe(200);
  return jar;
}

const signedInAs = async (jar: CookieJar) => (await (await call(ctx, jar, 'GET', '/api/iam/auth/check-session')).json()).success;

describe('two refreshes with the same token (two tabs; a retry after a lost answer)', () => {
  it('both end signed in, with the same new tokens, and the next refresh works', async () => {
    const tabA = await signedIn('tabs@souk.test');
    const tabB = tabA.clone();
    const [a, b] = await Promise.all([call(ctx, tabA, 'POST', '/api/iam/auth/refresh'), call(ctx, tabB, 'POST', '/api/iam/auth/refresh')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(tabA.get(RT)).toBe(tabB.get(RT));
    expect(await signedInAs(tabA)).toBe(true);
    expect(await signedInAs(tabB)).toBe(true);
    // the winner's new tokens are good: the chain goes on
    now += 60_000;
    expect((await call(ctx, tabA, 'POST', '/api/iam/auth/refresh')).status).toBe(200);
    expect(await signedInAs(tabA)).toBe(true);
  });

  it('a retry a few seconds later, after the first answer was lost, gets the same successor', async () => {
    const phone = await signedIn('retry@souk.test');
    const lost = phone.clone();
    expect((await call(ctx, lost, 'POST', '/api/iam/auth/refresh')).status).toBe(200); // the answer never arrived
    now += REFRESH_GRACE_MS - 1000;
    expect((await call(ctx, phone, 'POST', '/api/iam/auth/refresh')).status).toBe(200);
    expect(phone.get(RT)).toBe(lost.get(RT));
    expect(await signedInAs(phone)).toBe(true);
  });

  it('after the grace window the old token is reuse again: the whole login ends', async () => {
    const jar = await signedIn('late@souk.test');
    const copy = jar.clone();
    expect((await call(ctx, jar, 'POST', '/api/iam/auth/refresh')).status).toBe(200);
    now += REFRESH_GRACE_MS + 1000;
    expect((await call(ctx, copy, 'POST', '/api/iam/auth/refresh')).status).toBe(401);
    expect((await call(ctx, jar, 'POST', '/api/iam/auth/refresh')).status).toBe(401);
  });

  it('a copy replayed once the chain has moved on is reuse, grace window or not', async () => {
    const jar = await signedIn('moved-on@souk.test');
    const copy = jar.clone();
    expect((await call(ctx, jar, 'POST', '/api/iam/auth/refresh')).status).toBe(200);
    expect((await call(ctx, jar, 'POST', '/api/iam/auth/refresh')).status).toBe(200);
    expect((await call(ctx, copy, 'POST', '/api/iam/auth/refresh')).status).toBe(401);
    expect(await signedInAs(jar)).not.toBe(true);
  });
});

describe('inactive accounts', () => {
  it('cannot log in, refresh, or use an access token they still hold', async () => {
    const jar = await signedIn('suspended@souk.test');
    await ctx.deps.db.updateTable('users').set({ status_code: 2 }).where('email', '=', 'suspended@souk.test').execute();
    expect(await signedInAs(jar)).not.toBe(true);
    const refresh = await call(ctx, jar, 'POST', '/api/iam/auth/refresh');
    expect(refresh.status).toBe(401);
    const login = await call(ctx, new CookieJar(), 'POST', '/api/iam/login/email', { email: 'suspended@souk.test', password: PASSWORD });
    expect(login.status).toBe(403);
    expect(await login.json()).toMatchObject({ code: 'account_inactive' });
    expect(login.headers.getSetCookie().filter((c) => c.includes('souk_rt=') && !c.includes('Max-Age=0'))).toEqual([]);
    // the wrong password says nothing about the account's state
    const wrong = await call(ctx, new CookieJar(), 'POST', '/api/iam/login/email', {
      email: 'suspended@souk.test',
      password: 'wrong-password-x',
    });
    expect(wrong.status).toBe(401);
  });
});
