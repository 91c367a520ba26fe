import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FollowState } from '../../../shared/firms';

export function createFollowService(db: Kysely<Database>, clock: () => Date) {
  async function state(firmId: string, userId: string | undefined): Promise<FollowState> {
    const [count, mine] = await Promise.all([
      db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('firm_id', '=', firmId)
        .executeTakeFirstOrThrow(),
      userId
        ? db.selectFrom('follows').select('firm_id').where('firm_id', '=', firmId).where('user_id', '=', userId).executeTakeFirst()
        : Promise.resolve(undefined),
    ]);
    return { following: Boolean(mine), followers: Number(count.n) };
  }

  async function firmExists(firmId: string): Promise<boolean> {
    return Boolean(await db.selectFrom('firms').select('id').where('id', '=', firmId).where('status_code', '=', 1).executeTakeFirst());
  }

  /** Idempotent: following twice (a replayed offline mutation) leaves one follow. */
  async function follow(userId: string, firmId: string): Promise<FollowState | undefined> {
    if (!(await firmExists(firmId))) return undefined;
    await db
      .insertInto('follows')
      .values({ user_id: userId, firm_id: firmId, created_at: clock().toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'firm_id']).doNothing())
      .execute();
    return state(firmId, userId);
  }

  async function unfollow(userId: string, firmId: string): Promise<FollowState> {
    await db.deleteFrom('follows').where('user_id', '=', userId).where('firm_id', '=', firmId).execute();
    return state(firmId, userId);
  }

  /** A page of the firms `userId` follows, newest first: their ids and how many there are in all. */
  async function followedFirms(userId: string, page: number, size: number): Promise<{ firmIds: string[]; total: number }> {
    const mine = db.selectFrom('follows').where('user_id', '=', userId);
    const [count, rows] = await Promise.all([
      mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      mine
        .select('firm_id')
        .orderBy('created_at', 'desc')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return { firmIds: rows.map((row) => row.firm_id), total: Number(count.n) };
  }

  return { state, follow, unfollow, followedFirms };
}
