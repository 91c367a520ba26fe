import { describe, expect, it } from 'vitest';
import { useMarketplace, useMembers } from '../../testing/marketplace-fixtures';

const market = useMarketplace();
const members = useMembers(market);

describe('follows', () => {
  it('follows and unfollows a firm, and lists followed firms', async () => {
    expect(await (await market.ctx.request('/api/user/follows/f1')).json()).toEqual({
      following: false,
      followers: 0,
      requested: false,
      approvesFollowers: false,
      marketingOptIn: false,
    });
    // the firm page is now in the public cache: the follow must empty it
    expect((await market.json('/api/public/firms/u/cafelumiere')).body.followers).toBe(0);
    expect(await (await market.as(members.alice, '/api/user/follows/f1', { method: 'PUT' })).json()).toEqual({
      following: true,
      followers: 1,
      requested: false,
      approvesFollowers: false,
      marketingOptIn: false,
    });
    expect(await (await market.as(members.alice, '/api/user/follows/f1', { method: 'PUT' })).json()).toEqual({
      following: true,
      followers: 1,
      requested: false,
      approvesFollowers: false,
      marketingOptIn: false,
    });
    const following = await (await market.as(members.alice, '/api/user/profile/following')).json();
    expect(following.content.map((f: { username: string }) => f.username)).toEqual(['CafeLumiere']);
    expect((await market.json('/api/public/firms/u/cafelumiere')).body.followers).toBe(1);
    expect(await (await market.as(members.alice, '/api/user/follows/f1', { method: 'DELETE' })).json()).toEqual({
      following: false,
      followers: 0,
      requested: false,
      approvesFollowers: false,
      marketingOptIn: false,
    });
    expect((await market.ctx.request('/api/user/follows/f1', { method: 'PUT', headers: { origin: 'http://localhost' } })).status).toBe(401);
  });
});
