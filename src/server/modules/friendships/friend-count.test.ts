import { beforeAll, describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { usePeople } from '../../testing/people-fixtures';
import { FRIENDSHIP_STATUS } from '../../../shared/people';
import { HttpError } from '../../lib/errors';
import { insertPerson } from '../../testing/marketplace-fixtures';
import { createFriendshipService, pairKey, pairRow } from './friendships.service';

/**
 * The friend count under concurrency, on SQLite and (with DATABASE_URL) PostgreSQL: 50 pairs, each
 * racing an accept against two removes (both sides), several rounds. Afterwards, and for every
 * person, the stored count equals their accepted friendships and is never below 0. The harness is
 * shown to catch a read-then-write implementation of the same moves.
 */
const PAIRS = 50;
const people = usePeople(['hub']);
const others = Array.from({ length: PAIRS }, (_, i) => `c${String(i).padStart(2, '0')}`);
/** friends of the hub outside the race: a double decrement would eat into their share of the count */
const steady = Array.from({ length: PAIRS }, (_, i) => `s${String(i).padStart(2, '0')}`);
const db = () => people.ctx.deps.db;

beforeAll(async () => {
  for (const id of [...others, ...steady]) await insertPerson(db(), id);
});

async function reset(status: string | null) {
  await db().deleteFrom('friendships').execute();
  await db().updateTable('users').set({ total_friends: 0 }).execute();
  await db()
    .insertInto('friendships')
    .values(
      steady.map((id) => ({
        id: `f-${id}`,
        requester_id: 'hub',
        addressee_id: id,
        status: FRIENDSHIP_STATUS.accepted,
        created_at: '2026-01-01T00:00:00.000Z',
        pair_key: pairKey(id, 'hub'),
      })),
    )
    .execute();
  await db().updateTable('users').set({ total_friends: 1 }).where('id', 'in', steady).execute();
  await db().updateTable('users').set({ total_friends: PAIRS }).where('id', '=', 'hub').execute();
  if (!status) return;
  await db()
    .insertInto('friendships')
    .values(
      others.map((id) => ({
        id: `f-${id}`,
        requester_id: id,
        addressee_id: 'hub',
        status,
        created_at: '2026-01-01T00:00:00.000Z',
        pair_key: pairKey(id, 'hub'),
      })),
    )
    .execute();
  if (status === FRIENDSHIP_STATUS.accepted) {
    await db().updateTable('users').set({ total_friends: 1 }).where('id', 'in', others).execute();
    await db()
      .updateTable('users')
      .set({ total_friends: 2 * PAIRS })
      .where('id', '=', 'hub')
      .execute();
  }
}

/** Every way the counts could be wrong: a count that is not the number of accepted rows, or below 0. */
async function violations(): Promise<string[]> {
  const found: string[] = [];
  for (const id of ['hub', ...others, ...steady]) {
    const { total_friends } = await db().selectFrom('users').select('total_friends').where('id', '=', id).executeTakeFirstOrThrow();
    const { n } = await db()
      .selectFrom('friendships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', FRIENDSHIP_STATUS.accepted)
      .where((eb) => eb.or([eb('requester_id', '=', id), eb('addressee_id', '=', id)]))
      .executeTakeFirstOrThrow();
    if (total_friends < 0) found.push(`${id}: ${total_friends} < 0`);
    if (total_friends !== Number(n)) found.push(`${id}: count ${total_friends}, friendships ${n}`);
  }
  return found;
}

type Move = (actor: string, target: string, action: 'accept' | 'remove') => Promise<unknown>;

/** Starts every pair's accept and two removes at once; only refusals (409) may fail. */
async function race(move: Move): Promise<{ refused: number; errors: unknown[] }> {
  const attempts = others.flatMap((id) => [move('hub', id, 'accept'), move('hub', id, 'remove'), move(id, 'hub', 'remove')]);
  const settled = await Promise.allSettled(attempts);
  const failures = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected').map((s) => s.reason);
  return {
    refused: failures.filter((e) => e instanceof HttpError && e.status === 409).length,
    errors: failures.filter((e) => !(e instanceof HttpError && e.status === 409)),
  };
}

describe('the friend count under 50 concurrent accept/remove pairs', () => {
  it('stays equal to the accepted friendships and never below 0, round after round', async () => {
    const service = createFriendshipService(people.ctx.deps);
    const move: Move = (actor, target, action) => service.update(actor, target, action);
    for (const start of [FRIENDSHIP_STATUS.pending, FRIENDSHIP_STATUS.accepted, FRIENDSHIP_STATUS.pending]) {
      await reset(start);
      const { errors } = await race(move);
      expect(errors).toEqual([]);
      expect(await violations()).toEqual([]);
      const hub = await db().selectFrom('users').select('total_friends').where('id', '=', 'hub').executeTakeFirstOrThrow();
      // the steady friends are all still counted; the raced ones are each counted once or not at all
      expect(hub.total_friends).toBeGreaterThanOrEqual(PAIRS);
      expect(hub.total_friends).toBeLessThanOrEqual(2 * PAIRS);
    }
  });

  it('(the harness) catches a read-then-write implementation of the same moves', async () => {
    // what the service must not be: read the row, then write without re-checking it
    const naive: Move = async (actor, target, action) => {
      const row = await pairRow(db(), actor, target);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (action === 'accept' && row?.status === FRIENDSHIP_STATUS.pending) {
        await db().updateTable('friendships').set({ status: FRIENDSHIP_STATUS.accepted }).where('id', '=', row.id).execute();
        await db()
          .updateTable('users')
          .set((eb) => ({ total_friends: eb('total_friends', '+', 1) }))
          .where('id', 'in', [actor, target])
          .execute();
      } else if (action === 'remove' && row?.status === FRIENDSHIP_STATUS.accepted) {
        await db().deleteFrom('friendships').where('id', '=', row.id).execute();
        await db()
          .updateTable('users')
          .set((eb) => ({ total_friends: eb('total_friends', '-', 1) }))
          .where('id', 'in', [actor, target])
          .where('total_friends', '>', 0)
          .execute();
      } else {
        throw new HttpError(409, 'not possible');
      }
    };
    await reset(FRIENDSHIP_STATUS.accepted);
    await race(naive);
    expect((await violations()).length).toBeGreaterThan(0);
  });
});
