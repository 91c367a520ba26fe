import { describe, expect, it } from 'vitest';
import { useMarketplace, useMembers } from '../../testing/marketplace-fixtures';

const market = useMarketplace();
const members = useMembers(market);

describe('people and public profiles', () => {
  it('shows public profiles by flip; a private one shows less', async () => {
    const open = await (await market.as(members.bob, '/api/user/profile/profile-by-flip?flip=flip-alice')).json();
    expect(open).toMatchObject({ firstName: 'Test', isPrivate: false, totalFriends: 0, friendship: 'none' });
    const closed = await (await market.ctx.request('/api/user/profile/profile-by-flip?flip=flip-bob')).json();
    expect(closed).toMatchObject({ firstName: 'Test', isPrivate: true, totalFriends: null, memberSince: null });
    const self = await (await market.as(members.bob, '/api/user/profile/profile-by-flip?flip=flip-bob')).json();
    expect(self).toMatchObject({ friendship: 'self', totalFriends: 0 });
    expect((await market.ctx.request('/api/user/profile/profile-by-flip?flip=ghost')).status).toBe(404);
  });

  it("hides a private person's friends from strangers", async () => {
    await market.ctx.deps.db
      .insertInto('friendships')
      .values({ id: 'fr1', requester_id: 'alice', addressee_id: 'bob', status: 'accepted', created_at: '2026-02-01T00:00:00.000Z' })
      .execute();
    const own = await (await market.as(members.bob, '/api/user/people/friends')).json();
    expect(own.content.map((p: { flip: string }) => p.flip)).toEqual(['flip-alice']);
    const asFriend = await (await market.as(members.alice, '/api/user/people/friends?userId=bob')).json();
    expect(asFriend.totalElements).toBe(1);
    const asStranger = await (await market.ctx.request('/api/user/people/friends?userId=bob')).json();
    expect(asStranger.totalElements).toBe(0);
    const profile = await (await market.as(members.alice, '/api/user/profile/profile-by-flip?flip=flip-bob')).json();
    expect(profile).toMatchObject({ friendship: 'friends', totalFriends: 1 });
  });

  it('lists people to discover without the viewer', async () => {
    const people = await (await market.as(members.alice, '/api/user/people?page=0&size=500')).json();
    expect(people.size).toBe(100);
    expect(people.content.map((p: { flip: string }) => p.flip)).toEqual(['flip-bob']);
  });
});
