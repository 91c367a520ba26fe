import { beforeAll, describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { usePeople } from '../../testing/people-fixtures';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { FRIEND_ACTIONS, RELATIONS, type FriendAction, type Relation } from '../../../shared/friendships';
import { FRIENDSHIP_STATUS } from '../../../shared/people';
import { insertPerson } from '../../testing/marketplace-fixtures';
import { createFriendshipService, pairKey, pairRow, relationOf } from './friendships.service';

const people = usePeople(['actor', 'ann', 'ben']);
const db = () => people.ctx.deps.db;

/** Puts the pair (actor, target) in `relation` as actor sees it, friend counts included. */
async function setRelation(executor: Kysely<Database>, actor: string, target: string, relation: Relation) {
  await executor.deleteFrom('friendships').where('pair_key', '=', pairKey(actor, target)).execute();
  const row = (requester: string, addressee: string, status: string) =>
    executor
      .insertInto('friendships')
      .values({
        id: `fr-${requester}-${addressee}`,
        requester_id: requester,
        addressee_id: addressee,
        status,
        created_at: '2026-01-02T00:00:00.000Z',
        pair_key: pairKey(requester, addressee),
      })
      .execute();
  if (relation === 'requested') await row(actor, target, FRIENDSHIP_STATUS.pending);
  if (relation === 'incoming') await row(target, actor, FRIENDSHIP_STATUS.pending);
  if (relation === 'friends') {
    await row(actor, target, FRIENDSHIP_STATUS.accepted);
    await executor
      .updateTable('users')
      .set((eb) => ({ total_friends: eb('total_friends', '+', 1) }))
      .where('id', 'in', [actor, target])
      .execute();
  }
  if (relation === 'blocking') await row(actor, target, FRIENDSHIP_STATUS.blocked);
  if (relation === 'blocked_by') await row(target, actor, FRIENDSHIP_STATUS.blocked);
  if (relation === 'blocked_both') await row(actor, target, FRIENDSHIP_STATUS.blockedBoth);
}

const friendCount = async (id: string) =>
  (await db().selectFrom('users').select('total_friends').where('id', '=', id).executeTakeFirstOrThrow()).total_friends;

/**
 * Every action from every state, written out by hand (not computed from the service's table):
 * the relation it leads to as the actor sees it, or the status and code it is refused with.
 */
type Outcome = Relation | [403 | 409, string];
const closed: Outcome = [403, 'requests_closed'];
const youBlocked: Outcome = [409, 'you_blocked'];
const already: Outcome = [409, 'already_friends'];
const nothing: Outcome = [409, 'nothing_to_accept'];
const no: Outcome = [409, 'not_possible'];
const EXPECTED: Record<Relation, Record<FriendAction, Outcome>> = {
  none: { request: 'requested', cancel: 'none', accept: nothing, decline: 'none', remove: 'none', block: 'blocking', unblock: 'none' },
  requested: { request: 'requested', cancel: 'none', accept: nothing, decline: no, remove: no, block: 'blocking', unblock: no },
  incoming: { request: 'friends', cancel: no, accept: 'friends', decline: 'none', remove: no, block: 'blocking', unblock: no },
  friends: { request: already, cancel: already, accept: 'friends', decline: already, remove: 'none', block: 'blocking', unblock: no },
  blocking: { request: youBlocked, cancel: no, accept: nothing, decline: no, remove: no, block: 'blocking', unblock: 'none' },
  // someone who blocked you looks like a stranger who takes no requests: the same answers as 'none' otherwise
  blocked_by: {
    request: closed,
    cancel: 'blocked_by',
    accept: nothing,
    decline: 'blocked_by',
    remove: 'blocked_by',
    block: 'blocked_both',
    unblock: 'blocked_by',
  },
  blocked_both: { request: youBlocked, cancel: no, accept: nothing, decline: no, remove: no, block: 'blocked_both', unblock: 'blocked_by' },
};
/** What the actor is told the relation is (the blocked never learn it). */
const SHOWN: Partial<Record<Relation, string>> = { blocked_by: 'none', blocked_both: 'blocking' };

describe('the friendship state machine: every action from every state', () => {
  const cases = RELATIONS.flatMap((from) => FRIEND_ACTIONS.map((action) => [from, action] as const));
  beforeAll(async () => {
    for (const [from, action] of cases) await insertPerson(db(), `t-${from}-${action}`);
  });

  it.each(cases)('from %s, %s', async (from, action) => {
    const target = `t-${from}-${action}`;
    await setRelation(db(), 'actor', target, from);
    const before = { actor: await friendCount('actor'), target: await friendCount(target) };
    const answer = await people.call('actor', 'POST', `/api/user/people/friends/update?targetUserId=${target}&action=${action}`);
    const expected = EXPECTED[from][action];
    const now = relationOf(await pairRow(db(), 'actor', target), 'actor');
    if (Array.isArray(expected)) {
      expect([answer.status, answer.body.code]).toEqual(expected);
      expect(now).toBe(from); // a refusal changes nothing
      expect(await friendCount('actor')).toBe(before.actor);
      expect(await friendCount(target)).toBe(before.target);
      return;
    }
    expect(answer.status).toBe(200);
    expect(now).toBe(expected);
    expect(answer.body.friendship).toBe(SHOWN[expected] ?? expected);
    // ±1 exactly when friends begin or end, on both sides
    const delta = (from === 'friends' ? -1 : 0) + (expected === 'friends' ? 1 : 0);
    expect(await friendCount('actor')).toBe(before.actor + delta);
    expect(await friendCount(target)).toBe(before.target + delta);
    expect(answer.body.totalFriends).toBe(before.actor + delta);
    // and the other side sees the mirror of it
    const mirror = relationOf(await pairRow(db(), 'actor', target), target);
    const MIRROR: Record<Relation, Relation> = {
      none: 'none',
      requested: 'incoming',
      incoming: 'requested',
      friends: 'friends',
      blocking: 'blocked_by',
      blocked_by: 'blocking',
      blocked_both: 'blocked_both',
    };
    expect(mirror).toBe(MIRROR[expected]);
  });

  it('keeps one row per pair, whichever side asks first', async () => {
    await insertPerson(db(), 'p1');
    await insertPerson(db(), 'p2');
    const service = createFriendshipService(people.ctx.deps);
    // both ask at once: one row, and they are friends (asking someone who asked you accepts)
    await Promise.all([service.update('p1', 'p2', 'request'), service.update('p2', 'p1', 'request')]);
    const rows = await db()
      .selectFrom('friendships')
      .selectAll()
      .where((eb) => eb.or([eb('requester_id', 'in', ['p1', 'p2']), eb('addressee_id', 'in', ['p1', 'p2'])]))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('accepted');
    expect(await friendCount('p1')).toBe(1);
    expect(await friendCount('p2')).toBe(1);
  });

  it('refuses bad input, strangers, oneself and people who are not there', async () => {
    expect((await people.call(null, 'POST', '/api/user/people/friends/update?targetUserId=ann&action=request')).status).toBe(401);
    const bad = await people.call('actor', 'POST', '/api/user/people/friends/update?targetUserId=ann&action=marry');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.action).toBeDefined();
    expect((await people.call('actor', 'POST', '/api/user/people/friends/update?action=request')).status).toBe(400);
    const self = await people.call('actor', 'POST', '/api/user/people/friends/update?targetUserId=actor&action=request');
    expect(self.status).toBe(400);
    expect((await people.call('actor', 'POST', '/api/user/people/friends/update?targetUserId=ghost&action=request')).status).toBe(404);
  });
});

describe('notifications of friendships', () => {
  it('a request reaches the other person’s inbox; accepting tells the requester and clears the request', async () => {
    await setRelation(db(), 'ann', 'ben', 'none');
    await people.call('ann', 'POST', '/api/user/people/friends/update?targetUserId=ben&action=request');
    const inbox = await people.call('ben', 'GET', '/api/user/notifications');
    expect(inbox.body.content[0]).toMatchObject({ kind: 'friend.request', link: '/profile/flip-ann', actor: { flip: 'flip-ann' } });
    await people.call('ben', 'POST', '/api/user/people/friends/update?targetUserId=ann&action=accept');
    const annInbox = await people.call('ann', 'GET', '/api/user/notifications');
    expect(annInbox.body.content[0]).toMatchObject({ kind: 'friend.accepted', link: '/profile/flip-ben' });
    const benInbox = await people.call('ben', 'GET', '/api/user/notifications');
    expect(benInbox.body.content.filter((n: { kind: string }) => n.kind === 'friend.request')).toEqual([]);
  });

  it('a withdrawn request leaves nothing behind', async () => {
    await setRelation(db(), 'ann', 'ben', 'none');
    await people.call('ann', 'POST', '/api/user/people/friends/update?targetUserId=ben&action=request');
    expect((await people.call('ben', 'GET', '/api/user/notifications/unread-count')).body.unread).toBeGreaterThan(0);
    await people.call('ann', 'POST', '/api/user/people/friends/update?targetUserId=ben&action=cancel');
    const inbox = await people.call('ben', 'GET', '/api/user/notifications');
    expect(inbox.body.content.filter((n: { kind: string }) => n.kind === 'friend.request')).toEqual([]);
  });
});

describe('request lists', () => {
  it('lists incoming and sent requests and the people one blocked', async () => {
    await setRelation(db(), 'actor', 'ann', 'incoming');
    await setRelation(db(), 'actor', 'ben', 'requested');
    const incoming = await people.call('actor', 'GET', '/api/user/people/requests?direction=incoming');
    expect(incoming.body.content.map((p: { flip: string }) => p.flip)).toContain('flip-ann');
    expect(incoming.body.content.find((p: { flip: string }) => p.flip === 'flip-ann')).toMatchObject({ friendship: 'incoming' });
    const sent = await people.call('actor', 'GET', '/api/user/people/requests?direction=sent');
    expect(sent.body.content.map((p: { flip: string }) => p.flip)).toContain('flip-ben');
    await setRelation(db(), 'actor', 'ben', 'blocking');
    const blocked = await people.call('actor', 'GET', '/api/user/people/blocked');
    expect(blocked.body.content.map((p: { flip: string }) => p.flip)).toContain('flip-ben');
    // ben's own lists do not show who blocked him
    expect((await people.call('ben', 'GET', '/api/user/people/blocked')).body.content.map((p: { flip: string }) => p.flip)).not.toContain(
      'flip-actor',
    );
  });
});
