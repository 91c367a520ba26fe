import { beforeAll, describe, expect, it } from 'vitest';
import { useMarketplace, useMembers } from '../testing/marketplace-fixtures';
import { CookieJar, SESSION_INFO, call, insertUser } from '../testing/auth-helpers';

// Which writes empty the public caches (the read cache and the rendered-HTML cache): the ones that
// change what a signed-out visitor sees, not a visitor's own session (every token refresh
// used to empty them, so under signed-in traffic the HTML cache was mostly empty).
const market = useMarketplace();
const members = useMembers(market);
let clears = 0;
beforeAll(() => market.ctx.deps.invalidation.register(() => (clears += 1)));

describe('public cache invalidation', () => {
  it('is not triggered by signing in, refreshing, revoking or signing out, nor by reading notifications', async () => {
    const email = 'session-only@souk.test';
    const password = 'amber-lantern-kettle';
    await insertUser(market.ctx, email, password);
    const jar = new CookieJar();
    const before = clears;
    expect((await call(market.ctx, jar, 'POST', '/api/iam/login/email', { email, password, sessionInfo: SESSION_INFO })).status).toBe(200);
    expect((await call(market.ctx, jar, 'POST', '/api/iam/auth/refresh')).status).toBe(200);
    expect((await call(market.ctx, jar, 'POST', '/api/iam/sessions/revoke-others')).status).toBeLessThan(300);
    expect((await call(market.ctx, jar, 'POST', '/api/user/notifications/read', { all: true })).status).toBeLessThan(300);
    expect((await call(market.ctx, jar, 'POST', '/api/iam/auth/logout')).status).toBeLessThan(300);
    expect(clears).toBe(before);
  });

  it('is triggered by a write a visitor sees (a follow changes the firm page), and a read after it sees the write', async () => {
    expect((await market.json('/api/public/firms/u/cafelumiere')).body.followers).toBe(0);
    const before = clears;
    expect((await market.as(members.alice, '/api/user/follows/f1', { method: 'PUT' })).status).toBe(200);
    expect(clears).toBeGreaterThan(before);
    expect((await market.json('/api/public/firms/u/cafelumiere')).body.followers).toBe(1);
    const afterFollow = clears;
    // a failed write changes nothing: no clear
    expect((await market.ctx.request('/api/user/follows/f1', { method: 'PUT' })).status).toBe(401);
    expect(clears).toBe(afterFollow);
  });
});
