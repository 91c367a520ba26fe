import { beforeAll, describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { usePeople } from '../../testing/people-fixtures';
import { updateListSchema } from '../../../shared/updates';
import { FIXTURE_NOW } from '../../testing/marketplace-fixtures';

/**
 * The feed on the real database: ann follows firm f1 and is friends with bob and cat; bob makes
 * new friends dan (public), eve (private) and fay (whom ann blocks), and follows f2. Nobody's
 * private links, and nobody in a block with ann, appear; gus is nobody to ann.
 */
const people = usePeople(['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus'], {
  extra: { eve: { is_private: 1 } },
  clock: () => FIXTURE_NOW,
});
const act = (who: string, action: string, target: string) =>
  people.call(who, 'POST', `/api/user/people/friends/update?targetUserId=${target}&action=${action}`);
const befriend = async (a: string, b: string) => {
  await act(a, 'request', b);
  await act(b, 'accept', a);
};

beforeAll(async () => {
  // every fixture event was just announced (the fixture's are older than the feed's window)
  await people.ctx.deps.db.updateTable('events').set({ created_at: '2026-06-05T00:00:00.000Z' }).execute();
  await befriend('ann', 'bob');
  await befriend('ann', 'cat');
  await befriend('bob', 'dan');
  await befriend('bob', 'eve');
  await befriend('bob', 'fay');
  await act('ann', 'block', 'fay');
  await befriend('gus', 'dan'); // not ann's friend: nothing of gus
  await people.call('ann', 'PUT', '/api/user/follows/f1');
  await people.call('bob', 'PUT', '/api/user/follows/f2');
  await people.call('gus', 'PUT', '/api/user/follows/f2');
});

describe('the updates feed', () => {
  it('is for signed-in people', async () => {
    expect((await people.call(null, 'GET', '/api/user/updates')).status).toBe(401);
  });

  it("holds followed firms' events and posts and friends' public activity, newest first", async () => {
    const answer = await people.call('ann', 'GET', '/api/user/updates');
    expect(answer.status).toBe(200);
    const items = updateListSchema.parse(answer.body);
    const kinds = new Set(items.map((i) => i.kind));
    expect(kinds.has('follow')).toBe(true);
    expect(kinds.has('friend')).toBe(true);
    // every firm item is of a followed firm (f1), or a friend's follow
    for (const item of items.filter((i) => i.kind === 'event' || i.kind === 'post')) expect(item.firm?.username).toBe('CafeLumiere');
    // f1's upcoming listed event (not its past one, nor its unlisted one), and its published posts
    expect(items.filter((i) => i.kind === 'event').map((i) => i.subject)).toEqual(['Event e1']);
    expect(items.filter((i) => i.kind === 'post').length).toBeGreaterThanOrEqual(2);
    const friendItems = items.filter((i) => i.kind === 'friend').map((i) => `${i.actor?.flip}>${i.link}`);
    expect(friendItems).toContain('flip-bob>/profile/flip-dan');
    const text = JSON.stringify(items);
    // eve is private, fay is blocked by ann, gus is nobody to ann, ann herself is not news
    for (const absent of ['flip-eve', 'flip-fay', 'flip-gus', '/profile/flip-ann']) expect(text).not.toContain(absent);
    const follow = items.find((i) => i.kind === 'follow');
    expect(follow).toMatchObject({ actor: { flip: 'flip-bob' }, link: expect.stringMatching(/^\//) });
    const times = items.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("is each person's own: gus sees his friend dan's new friend and f2's event, and nothing of ann's circle", async () => {
    const answer = await people.call('gus', 'GET', '/api/user/updates');
    const items = updateListSchema.parse(answer.body);
    expect(items.map((i) => `${i.kind}:${i.actor?.flip}>${i.link}`)).toEqual([
      'friend:flip-dan>/profile/flip-bob',
      'event:undefined>/event/evte2xx',
    ]);
  });
});
