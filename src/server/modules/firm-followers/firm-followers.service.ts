import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FirmFollowerPage } from '../../../shared/firm-followers';
import { notFound } from '../../lib/errors';
import { cursorPaged } from '../../lib/paging';

/** The three lists of a firm's audience: the same shape (a person, a firm, since when), one query. */
export type AudienceList = 'follows' | 'follow_requests' | 'firm_restrictions';

/**
 * A firm's audience as its team sees it: who follows it, who asks to, and who it restricted, each
 * with the name and flip they show on Souk, never a private detail. Answering requests and
 * restricting people change who follows.
 */
export function createFirmFollowerService(db: Kysely<Database>, clock: () => Date) {
  /** A page of one list after `cursor` (the date and id of the last person shown), the latest first; `q` finds a part of the name or the flip. */
  async function list(
    from: AudienceList,
    firmId: string,
    options: { size: number; cursor?: readonly [string, string]; q?: string },
  ): Promise<FirmFollowerPage> {
    const base = db.selectFrom(`${from} as f`).where('f.firm_id', '=', firmId);
    // every row has its person (a foreign key), so the count reads the people only to search them
    let count = base.select((eb) => eb.fn.countAll<number>().as('n'));
    let rows = base
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.flip', 'u.image_path', 'f.created_at']);
    if (options.q) {
      const like = `%${options.q.toLowerCase().replace(/[%_\\]/g, '')}%`;
      const matches = (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) =>
        eb.or([eb(sql<string>`lower(u.first_name || ' ' || u.last_name)`, 'like', like), eb(sql<string>`lower(u.flip)`, 'like', like)]);
      count = base
        .innerJoin('users as u', 'u.id', 'f.user_id')
        .where(matches)
        .select((eb) => eb.fn.countAll<number>().as('n'));
      rows = rows.where(matches);
    }
    const after = options.cursor;
    if (after) rows = rows.where((eb) => eb(eb.refTuple('f.created_at', 'f.user_id'), '<', eb.tuple(after[0], after[1])));
    const [total, found] = await Promise.all([
      count.executeTakeFirstOrThrow(),
      rows
        .orderBy('f.created_at', 'desc')
        .orderBy('f.user_id', 'desc')
        .limit(options.size + 1)
        .execute(),
    ]);
    const content = found.map((row) => ({
      id: row.id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      flip: row.flip,
      imagePath: row.image_path,
      since: row.created_at,
    }));
    return { ...cursorPaged(content, options.size, (person) => [person.since, person.id]), totalElements: Number(total.n) };
  }

  /**
   * Approves the named requests: each one still waiting becomes a follow, from now. Answers who was
   * approved (a request withdrawn or answered meanwhile is skipped: its row is gone).
   */
  async function approve(firmId: string, userIds: readonly string[]): Promise<string[]> {
    return db.transaction().execute(async (trx) => {
      const taken = await trx
        .deleteFrom('follow_requests')
        .where('firm_id', '=', firmId)
        .where('user_id', 'in', userIds)
        .returning('user_id')
        .execute();
      if (taken.length === 0) return [];
      const now = clock().toISOString();
      await trx
        .insertInto('follows')
        .values(taken.map(({ user_id }) => ({ user_id, firm_id: firmId, created_at: now })))
        .onConflict((oc) => oc.columns(['user_id', 'firm_id']).doNothing())
        .execute();
      return taken.map(({ user_id }) => user_id);
    });
  }

  /** Declines the named requests; answers how many were still waiting. The person is not told. */
  async function decline(firmId: string, userIds: readonly string[]): Promise<number> {
    const gone = await db.deleteFrom('follow_requests').where('firm_id', '=', firmId).where('user_id', 'in', userIds).executeTakeFirst();
    return Number(gone.numDeletedRows);
  }

  /** Restricts someone: they stop following the firm (and asking to), and may neither follow it nor write to it. */
  async function restrict(firmId: string, userId: string): Promise<void> {
    const person = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!person) throw notFound('Person not found.');
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('firm_restrictions')
        .values({ firm_id: firmId, user_id: userId, created_at: clock().toISOString() })
        .onConflict((oc) => oc.columns(['firm_id', 'user_id']).doNothing())
        .execute();
      await trx.deleteFrom('follows').where('firm_id', '=', firmId).where('user_id', '=', userId).execute();
      await trx.deleteFrom('follow_requests').where('firm_id', '=', firmId).where('user_id', '=', userId).execute();
    });
  }

  /** Lifts a restriction: they may follow and write again (they are not made a follower again). */
  async function lift(firmId: string, userId: string): Promise<void> {
    await db.deleteFrom('firm_restrictions').where('firm_id', '=', firmId).where('user_id', '=', userId).execute();
  }

  /** Turns approval of new followers on or off (requests already waiting stay for the team to answer). */
  async function setApproval(firmId: string, on: boolean): Promise<void> {
    await db
      .updateTable('firms')
      .set({ approve_followers: on ? 1 : 0 })
      .where('id', '=', firmId)
      .execute();
  }

  /** The name and username of the firm, for the notification its approval sends. */
  async function firmNames(firmId: string): Promise<{ firmName: string; firmUsername: string }> {
    const firm = await db.selectFrom('firms').select(['name', 'username']).where('id', '=', firmId).executeTakeFirstOrThrow();
    return { firmName: firm.name, firmUsername: firm.username };
  }

  return { list, approve, decline, restrict, lift, setApproval, firmNames };
}
