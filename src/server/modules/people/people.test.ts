import { beforeAll, describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { usePeople } from '../../testing/people-fixtures';
import { publicProfileSchema } from '../../../shared/people';
import { FIXTURE_NOW } from '../../testing/marketplace-fixtures';

/**
 * Privacy held on the server: bob's profile is private, carol's public. alice is bob's friend;
 * dave is a stranger to both; carol blocks eve. bob and carol saved a firm, a post and an upcoming event.
 */
const people = usePeople(['alice', 'bob', 'carol', 'dave', 'eve'], { extra: { bob: { is_private: 1 } }, clock: () => FIXTURE_NOW });
const api = (who: string | null, action: string, target: string) =>
  people.call(who, 'POST', `/api/user/people/friends/update?targetUserId=${target}&action=${action}`);
const profile = async (who: string | null, flip: string) =>
  (await people.call(who, 'GET', `/api/user/profile/profile-by-flip?flip=${flip}`)).body;

beforeAll(async () => {
  await api('alice', 'request', 'bob');
  await api('bob', 'accept', 'alice');
  await api('alice', 'request', 'carol');
  await api('carol', 'accept', 'alice');
  await api('carol', 'block', 'eve');
  for (const who of ['bob', 'carol']) {
    await people.call(who, 'POST', '/api/user/user-saved', { entityId: 'f1', entityTypeCode: 20 });
    await people.call(who, 'POST', '/api/user/user-saved', { entityId: 'b1', entityTypeCode: 90 });
    await people.call(who, 'POST', '/api/user/user-saved', { entityId: 'e1', entityTypeCode: 60 });
    await people.call(who, 'POST', '/api/user/user-saved', { entityId: 'e3', entityTypeCode: 60 }); // past: not upcoming
  }
});

describe('a private profile', () => {
  it('keeps its friends, saved items and upcoming events from strangers, signed in or not', async () => {
    for (const stranger of [null, 'dave']) {
      const seen = await profile(stranger, 'flip-bob');
      expect(publicProfileSchema.parse(seen)).toEqual(seen);
      expect(seen).toMatchObject({
        firstName: 'Test',
        isPrivate: true,
        totalFriends: null,
        memberSince: null,
        friends: null,
        saved: null,
        upcomingEvents: null,
        friendship: 'none',
      });
      // nothing of it anywhere in the answer
      const text = JSON.stringify(seen);
      for (const secret of ['flip-alice', 'Café Lumière', 'Post b1', 'Event e1']) expect(text).not.toContain(secret);
      const friends = await people.call(stranger, 'GET', '/api/user/people/friends?userId=bob');
      expect(stranger === null ? friends.status : friends.body.totalElements).toBe(stranger === null ? 200 : 0);
      if (stranger === null) expect(friends.body.totalElements).toBe(0);
    }
  });

  it("takes an empty query value as not given (the caller's own friends, not a 401)", async () => {
    const mine = await people.call('alice', 'GET', '/api/user/people/friends?userId=&searchName=');
    expect(mine.status).toBe(200);
    expect(mine.body.content.map((p: { flip: string }) => p.flip).sort()).toEqual(['flip-bob', 'flip-carol']);
  });

  it('shows them to friends', async () => {
    const seen = await profile('alice', 'flip-bob');
    expect(seen).toMatchObject({ friendship: 'friends', totalFriends: 1, isPrivate: true });
    expect(seen.friends.map((p: { flip: string }) => p.flip)).toEqual(['flip-alice']);
    expect(seen.saved.map((s: { name: string }) => s.name).sort()).toEqual(['Café Lumière', 'Post b1']);
    expect(seen.upcomingEvents.map((e: { name: string }) => e.name)).toEqual(['Event e1']);
    const friends = await people.call('alice', 'GET', '/api/user/people/friends?userId=bob');
    expect(friends.body.content.map((p: { flip: string }) => p.flip)).toEqual(['flip-alice']);
  });

  it('shows them to its owner', async () => {
    const seen = await profile('bob', 'flip-bob');
    expect(seen).toMatchObject({ friendship: 'self', totalFriends: 1 });
    expect(seen.saved).toHaveLength(2);
  });
});

describe('a public profile', () => {
  it('shows its friends, saved items and upcoming events to anyone', async () => {
    const seen = await profile(null, 'flip-carol');
    expect(seen).toMatchObject({ isPrivate: false, totalFriends: 1, canRequest: true });
    expect(seen.friends.map((p: { flip: string }) => p.flip)).toEqual(['flip-alice']);
    expect(seen.upcomingEvents.map((e: { name: string }) => e.name)).toEqual(['Event e1']);
  });
});

describe('a block', () => {
  it('gives the blocked person exactly the answer a stranger gets from a private profile closed to requests', async () => {
    const blockedSees = await profile('eve', 'flip-carol');
    expect(blockedSees).toMatchObject({
      friendship: 'none',
      canRequest: false,
      isPrivate: true,
      friends: null,
      saved: null,
      upcomingEvents: null,
    });
    // the same profile made private and closed, seen by a stranger
    await people.ctx.deps.db
      .updateTable('users')
      .set({ is_private: 1, friend_requests_from: 'nobody' })
      .where('id', '=', 'carol')
      .execute();
    const strangerSees = await profile('dave', 'flip-carol');
    await people.ctx.deps.db
      .updateTable('users')
      .set({ is_private: 0, friend_requests_from: 'everyone' })
      .where('id', '=', 'carol')
      .execute();
    expect(blockedSees).toEqual(strangerSees);
  });

  it('answers the blocked person’s request as a closed profile answers anyone', async () => {
    const blocked = await api('eve', 'request', 'carol');
    await people.ctx.deps.db.updateTable('users').set({ friend_requests_from: 'nobody' }).where('id', '=', 'bob').execute();
    const closed = await api('dave', 'request', 'bob');
    await people.ctx.deps.db.updateTable('users').set({ friend_requests_from: 'everyone' }).where('id', '=', 'bob').execute();
    expect(blocked).toEqual(closed);
    expect(blocked.status).toBe(403);
  });

  it('hides each from the other in every list', async () => {
    const search = await people.call('eve', 'GET', '/api/user/people?searchName=carol');
    expect(search.body.content.map((p: { flip: string }) => p.flip)).not.toContain('flip-carol');
    const searchBack = await people.call('carol', 'GET', '/api/user/people?searchName=eve');
    expect(searchBack.body.content.map((p: { flip: string }) => p.flip)).not.toContain('flip-eve');
    // carol is alice's friend: eve does not find her there either
    await api('alice', 'request', 'eve');
    await api('eve', 'accept', 'alice');
    const alicesFriends = await people.call('eve', 'GET', '/api/user/people/friends?userId=alice');
    expect(alicesFriends.body.content.map((p: { flip: string }) => p.flip)).not.toContain('flip-carol');
    expect((await profile('eve', 'flip-alice')).friends.map((p: { flip: string }) => p.flip)).not.toContain('flip-carol');
    // nor are eve's notifications from carol, nor carol's from eve
    expect(
      (await people.call('carol', 'GET', '/api/user/notifications')).body.content.map(
        (n: { actor: { flip: string } | null }) => n.actor?.flip,
      ),
    ).not.toContain('flip-eve');
  });

  it('the blocker sees the blocked as blocked (to unblock), and no more', async () => {
    expect(await profile('carol', 'flip-eve')).toMatchObject({ friendship: 'blocking', canRequest: false, friends: null });
  });
});

describe('who may send requests', () => {
  it('friends of friends: only someone with a friend in common', async () => {
    await people.ctx.deps.db.updateTable('users').set({ friend_requests_from: 'friends_of_friends' }).where('id', '=', 'bob').execute();
    // dave shares no friend with bob
    expect((await profile('dave', 'flip-bob')).canRequest).toBe(false);
    expect((await api('dave', 'request', 'bob')).body.code).toBe('requests_closed');
    // eve is alice's friend, and alice is bob's
    expect((await profile('eve', 'flip-bob')).canRequest).toBe(true);
    expect((await api('eve', 'request', 'bob')).body.friendship).toBe('requested');
    await people.ctx.deps.db.updateTable('users').set({ friend_requests_from: 'everyone' }).where('id', '=', 'bob').execute();
  });
});

describe('people to discover', () => {
  it('leaves out the viewer and says how the viewer relates to each', async () => {
    const list = await people.call('alice', 'GET', '/api/user/people?page=0&size=500');
    expect(list.body.size).toBe(100);
    const flips = list.body.content.map((p: { flip: string }) => p.flip);
    expect(flips).not.toContain('flip-alice');
    expect(list.body.content.find((p: { flip: string }) => p.flip === 'flip-bob')).toMatchObject({ friendship: 'friends' });
    expect(list.body.content.find((p: { flip: string }) => p.flip === 'flip-dave')).toMatchObject({ friendship: 'none' });
    expect((await people.call(null, 'GET', '/api/user/profile/profile-by-flip?flip=ghost')).status).toBe(404);
  });
});
