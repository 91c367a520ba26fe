import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, FriendshipsTable } from '../../db/schema';
import { FRIENDSHIP_STATUS } from '../../../shared/people';
import {
  transition,
  visibleRelation,
  type FriendAction,
  type FriendUpdateResult,
  type Relation,
  type RequestPolicy,
} from '../../../shared/friendships';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { notify, publishUnread } from '../notifications/notify';

type Row = Pick<FriendshipsTable, 'id' | 'requester_id' | 'addressee_id' | 'status'>;
type Executor = Kysely<Database> | Transaction<Database>;

/** Refusals of the state machine, as problem details (the client names them by `code`). */
const REFUSALS = {
  requests_closed: [403, 'This person does not accept friend requests.'],
  you_blocked: [409, 'You blocked this person. Unblock them first.'],
  already_friends: [409, 'You are already friends.'],
  nothing_to_accept: [409, 'There is no friend request to accept.'],
  not_possible: [409, 'That is not possible now.'],
} as const;

/** A conditional write found the pair changed since it was read: read again and decide again. */
class PairChanged extends Error {}

export const pairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** The relation of a stored row as `viewerId` sees it. */
export function relationOf(row: Row | undefined, viewerId: string): Relation {
  if (!row) return 'none';
  const mine = row.requester_id === viewerId;
  switch (row.status) {
    case FRIENDSHIP_STATUS.accepted:
      return 'friends';
    case FRIENDSHIP_STATUS.pending:
      return mine ? 'requested' : 'incoming';
    case FRIENDSHIP_STATUS.blocked:
      return mine ? 'blocking' : 'blocked_by';
    case FRIENDSHIP_STATUS.blockedBoth:
      return 'blocked_both';
    default:
      return 'none';
  }
}

/** The stored row of a pair (rows written before pair keys existed are found by their two ids). */
export async function pairRow(executor: Executor, a: string, b: string, lock = false): Promise<Row | undefined> {
  let query = executor
    .selectFrom('friendships')
    .select(['id', 'requester_id', 'addressee_id', 'status'])
    .where((eb) =>
      eb.or([
        eb('pair_key', '=', pairKey(a, b)),
        eb.and([eb('requester_id', '=', a), eb('addressee_id', '=', b)]),
        eb.and([eb('requester_id', '=', b), eb('addressee_id', '=', a)]),
      ]),
    );
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Friendships: the state machine of src/shared/friendships.ts applied to one row per pair, each
 * move a conditional write inside a transaction (the row locked on PostgreSQL), the two friend
 * counts moved by ±1 in the same transaction (never below 0), and the notifications after it.
 */
export function createFriendshipService(deps: AppDeps) {
  const { db, clock, dialect } = deps;

  async function mayRequest(trx: Executor, actorId: string, targetId: string, policy: string): Promise<boolean> {
    const rule = policy as RequestPolicy;
    if (rule === 'nobody') return false;
    if (rule !== 'friends_of_friends') return true;
    // a friend in common
    const friendsOf = (id: string) =>
      trx
        .selectFrom('friendships')
        .select((eb) =>
          eb.case().when('requester_id', '=', id).then(eb.ref('addressee_id')).else(eb.ref('requester_id')).end().as('friend'),
        )
        .where('status', '=', FRIENDSHIP_STATUS.accepted)
        .where((eb) => eb.or([eb('requester_id', '=', id), eb('addressee_id', '=', id)]));
    const mine = await friendsOf(actorId).execute();
    if (mine.length === 0) return false;
    const theirs = await friendsOf(targetId).execute();
    const set = new Set(mine.map((r) => r.friend));
    return theirs.some((r) => set.has(r.friend));
  }

  async function moveCounts(trx: Executor, ids: string[], delta: -1 | 1) {
    if (delta === 1) {
      await trx
        .updateTable('users')
        .set((eb) => ({ total_friends: eb('total_friends', '+', 1) }))
        .where('id', 'in', ids)
        .execute();
    } else {
      await trx
        .updateTable('users')
        .set((eb) => ({ total_friends: eb('total_friends', '-', 1) }))
        .where('id', 'in', ids)
        .where('total_friends', '>', 0)
        .execute();
    }
  }

  /** Writes `from` → `to` for the pair, only if the row is still what was read. */
  async function write(trx: Executor, actorId: string, targetId: string, row: Row | undefined, to: Relation) {
    const insert = async (requester: string, addressee: string, status: string) => {
      await trx
        .insertInto('friendships')
        .values({
          id: randomId(),
          requester_id: requester,
          addressee_id: addressee,
          status,
          created_at: clock().toISOString(),
          pair_key: pairKey(requester, addressee),
        })
        .execute();
    };
    if (!row) {
      if (to === 'requested') return insert(actorId, targetId, FRIENDSHIP_STATUS.pending);
      if (to === 'blocking') return insert(actorId, targetId, FRIENDSHIP_STATUS.blocked);
      throw new PairChanged();
    }
    // conditional on the row being exactly what was read: a concurrent move makes it miss
    const unchanged = { id: row.id, status: row.status, requester: row.requester_id };
    let affected: bigint;
    if (to === 'none') {
      const result = await trx
        .deleteFrom('friendships')
        .where('id', '=', unchanged.id)
        .where('status', '=', unchanged.status)
        .where('requester_id', '=', unchanged.requester)
        .executeTakeFirst();
      affected = result.numDeletedRows;
    } else {
      const values =
        to === 'friends'
          ? { status: FRIENDSHIP_STATUS.accepted }
          : to === 'blocking'
            ? { requester_id: actorId, addressee_id: targetId, status: FRIENDSHIP_STATUS.blocked }
            : to === 'blocked_both'
              ? { status: FRIENDSHIP_STATUS.blockedBoth }
              : to === 'blocked_by'
                ? { requester_id: targetId, addressee_id: actorId, status: FRIENDSHIP_STATUS.blocked }
                : undefined;
      if (!values) throw new PairChanged();
      const result = await trx
        .updateTable('friendships')
        .set({ ...values, pair_key: pairKey(actorId, targetId), created_at: clock().toISOString() })
        .where('id', '=', unchanged.id)
        .where('status', '=', unchanged.status)
        .where('requester_id', '=', unchanged.requester)
        .executeTakeFirst();
      affected = result.numUpdatedRows;
    }
    if (Number(affected) !== 1) throw new PairChanged();
  }

  async function attempt(actorId: string, targetId: string, action: FriendAction) {
    return db.transaction().execute(async (trx) => {
      const row = await pairRow(trx, actorId, targetId, dialect === 'postgres');
      const from = relationOf(row, actorId);
      let canRequest = true;
      if (action === 'request' && from === 'none') {
        const target = await trx.selectFrom('users').select('friend_requests_from').where('id', '=', targetId).executeTakeFirstOrThrow();
        canRequest = await mayRequest(trx, actorId, targetId, target.friend_requests_from);
      }
      const next = transition(from, action, canRequest);
      if ('refused' in next) {
        const [status, detail] = REFUSALS[next.refused];
        throw new HttpError(status, detail, next.refused);
      }
      if (next.to !== from) await write(trx, actorId, targetId, row, next.to);
      if (next.friendsDelta !== 0) await moveCounts(trx, [actorId, targetId], next.friendsDelta);
      const me = await trx.selectFrom('users').select('total_friends').where('id', '=', actorId).executeTakeFirstOrThrow();
      return { from, to: next.to, totalFriends: me.total_friends };
    });
  }

  /** Applies `action` of `actorId` towards `targetId`; tells the other person what they should know. */
  async function update(actorId: string, targetId: string, action: FriendAction): Promise<FriendUpdateResult> {
    if (actorId === targetId) throw badRequest('You cannot do that with yourself.', { targetUserId: ['validation.self'] });
    const target = await db.selectFrom('users').select(['id', 'status_code']).where('id', '=', targetId).executeTakeFirst();
    if (!target || target.status_code !== 1) throw notFound('Person not found.');
    let outcome: { from: Relation; to: Relation; totalFriends: number } | undefined;
    for (let tries = 0; !outcome; tries++) {
      try {
        outcome = await attempt(actorId, targetId, action);
      } catch (error) {
        // another request for the same pair won the race: decide again on what it left
        if (tries < 5 && (error instanceof PairChanged || isUniqueViolation(error))) continue;
        if (error instanceof PairChanged) throw new HttpError(409, 'That changed meanwhile. Try again.', 'conflict');
        throw error;
      }
    }
    await afterMove(actorId, targetId, outcome.from, outcome.to);
    return { friendship: visibleRelation(outcome.to) as FriendUpdateResult['friendship'], totalFriends: outcome.totalFriends };
  }

  /** Notifications of a move: a request, an acceptance; a withdrawn request or a block takes them back. */
  async function afterMove(actorId: string, targetId: string, from: Relation, to: Relation) {
    if (from === to) return;
    const forget = async (recipient: string, sender: string) => {
      const removed = await db
        .deleteFrom('notifications')
        .where('user_id', '=', recipient)
        .where('actor_id', '=', sender)
        .where('kind', 'in', ['friend.request', 'friend.accepted'])
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) await publishUnread(deps, recipient);
    };
    if (to === 'requested' || to === 'friends') {
      const actor = await db
        .selectFrom('users')
        .select(['first_name', 'last_name', 'flip'])
        .where('id', '=', actorId)
        .executeTakeFirstOrThrow();
      const params = { name: `${actor.first_name} ${actor.last_name}`.trim(), flip: actor.flip };
      if (to === 'friends') await forget(actorId, targetId); // the request they answered
      await notify(deps, { to: targetId, kind: to === 'requested' ? 'friend.request' : 'friend.accepted', params, actorId });
    } else if (from === 'requested') {
      await forget(targetId, actorId); // a withdrawn request
    } else if (from === 'incoming') {
      await forget(actorId, targetId); // a declined request
    }
    if (to === 'blocking' || to === 'blocked_both') {
      await forget(targetId, actorId);
      await forget(actorId, targetId);
    }
  }

  return { update };
}
