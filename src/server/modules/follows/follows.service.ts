import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FollowState } from '../../../shared/firms';
import { followRestricted, isRestricted } from '../firm-followers/restrictions';

export function createFollowService(db: Kysely<Database>, clock: () => Date) {
  const pair = (table: 'follows' | 'follow_requests', firmId: string, userId: string) =>
    db.selectFrom(table).select('firm_id').where('firm_id', '=', firmId).where('user_id', '=', userId).executeTakeFirst();
  const myFollow = (firmId: string, userId: string) =>
    db.selectFrom('follows').select('marketing_opt_in').where('firm_id', '=', firmId).where('user_id', '=', userId).executeTakeFirst();

  async function state(firmId: string, userId: string | undefined): Promise<FollowState> {
    const [count, firm, mine, asked] = await Promise.all([
      db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('firm_id', '=', firmId)
        .executeTakeFirstOrThrow(),
      db.selectFrom('firms').select('approve_followers').where('id', '=', firmId).executeTakeFirst(),
      userId ? myFollow(firmId, userId) : undefined,
      userId ? pair('follow_requests', firmId, userId) : undefined,
    ]);
    return {
      following: Boolean(mine),
      followers: Number(count.n),
      requested: Boolean(asked),
      approvesFollowers: firm?.approve_followers === 1,
      marketingOptIn: mine?.marketing_opt_in === 1,
    };
  }

  /**
   * A follower gives or takes back their consent to the firm's marketing mail; the firm's team only
   * reads it. Someone who does not follow has nothing to consent on (404).
   */
  async function setMarketingOptIn(userId: string, firmId: string, optIn: boolean): Promise<FollowState | undefined> {
    const updated = await db
      .updateTable('follows')
      .set({ marketing_opt_in: optIn ? 1 : 0 })
      .where('user_id', '=', userId)
      .where('firm_id', '=', firmId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 0 ? undefined : state(firmId, userId);
  }

  /**
   * Idempotent: following twice (a replayed offline mutation) leaves one follow. A firm that approves
   * its followers gets a request instead (none when they already follow). The row is written only
   * while no restriction names them, in the one statement, so a restriction made meanwhile wins.
   */
  async function follow(userId: string, firmId: string): Promise<FollowState | undefined> {
    const firm = await db
      .selectFrom('firms')
      .select('approve_followers')
      .where('id', '=', firmId)
      .where('status_code', '=', 1)
      .executeTakeFirst();
    if (!firm) return undefined;
    const table = firm.approve_followers === 1 && !(await pair('follows', firmId, userId)) ? 'follow_requests' : 'follows';
    const written = await db
      .insertInto(table)
      .columns(['user_id', 'firm_id', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('firms')
          .select([eb.val(userId).as('user_id'), 'id', eb.val(clock().toISOString()).as('created_at')])
          .where('id', '=', firmId)
          .where((inner) =>
            inner.not(
              inner.exists(
                inner.selectFrom('firm_restrictions').select('user_id').where('firm_id', '=', firmId).where('user_id', '=', userId),
              ),
            ),
          ),
      )
      .onConflict((oc) => oc.columns(['user_id', 'firm_id']).doNothing())
      .executeTakeFirst();
    if (Number(written.numInsertedOrUpdatedRows ?? 0) === 0 && (await isRestricted(db, firmId, userId))) throw followRestricted();
    return state(firmId, userId);
  }

  /** Unfollows, or withdraws a request that waits for the firm's answer. */
  async function unfollow(userId: string, firmId: string): Promise<FollowState> {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('follows').where('user_id', '=', userId).where('firm_id', '=', firmId).execute();
      await trx.deleteFrom('follow_requests').where('user_id', '=', userId).where('firm_id', '=', firmId).execute();
    });
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

  return { state, follow, unfollow, setMarketingOptIn, followedFirms };
}
