import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { OWNER_SUSPENDED_STATUS, SUSPENDED_FOREVER } from '../../../shared/moderation';
import { jobsOf } from '../../lib/jobs';

const PUBLISHED = 1;
const SUSPENSION_ENDS_JOB = 'moderation.suspension-ends';

/** The firms the member owns (an active owner's employment). */
const ownedBy = (db: Kysely<Database>, memberId: string) =>
  db.selectFrom('employments').select('firm_id').where('user_id', '=', memberId).where('user_role', '=', 'OWNER').where('active', '=', 1);

/**
 * A suspended or closed owner's published firms leave every public read: they take a status code of
 * their own, which the public reads (asking for the published one) already leave out, and which
 * tells the end of the suspension which firms to bring back (not those their team had unpublished).
 */
export async function hideOwnedFirms(db: Kysely<Database>, memberId: string): Promise<void> {
  await db
    .updateTable('firms')
    .set({ status_code: OWNER_SUSPENDED_STATUS })
    .where('status_code', '=', PUBLISHED)
    .where('id', 'in', ownedBy(db, memberId))
    .execute();
}

/** The member's suspended firms show again, but not one another owner of it is still suspended from. */
export async function showOwnedFirms(db: Kysely<Database>, memberId: string, now: string): Promise<void> {
  await db
    .updateTable('firms')
    .set({ status_code: PUBLISHED })
    .where('status_code', '=', OWNER_SUSPENDED_STATUS)
    .where('id', 'in', ownedBy(db, memberId))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('employments as e')
            .innerJoin('users as u', 'u.id', 'e.user_id')
            .select('e.id')
            .whereRef('e.firm_id', '=', 'firms.id')
            .where('e.user_role', '=', 'OWNER')
            .where('e.active', '=', 1)
            .where('u.suspended_until', '>', now),
        ),
      ),
    )
    .execute();
}

/**
 * The end of a suspension as a durable job due at its end (any process runs it, a restart keeps it):
 * the firms come back unless the member is suspended again by then (a later suspension has its own job).
 */
export function suspensionEnds(deps: Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'logger' | 'env' | 'invalidation'>) {
  const jobs = jobsOf(deps);
  jobs.define<{ memberId: string }>(SUSPENSION_ENDS_JOB, async ({ memberId }) => {
    const now = deps.clock().toISOString();
    const member = await deps.db.selectFrom('users').select('suspended_until').where('id', '=', memberId).executeTakeFirst();
    if (!member || (member.suspended_until !== null && member.suspended_until > now)) return;
    await showOwnedFirms(deps.db, memberId, now);
    // no request wrote this: the public caches of every process are emptied as a write's would be
    deps.invalidation.invalidate();
  });
  /** in the suspension's transaction: a closed account's firms stay hidden until an admin restores it */
  return async (trx: Kysely<Database>, memberId: string, until: string) => {
    if (until === SUSPENDED_FOREVER) return;
    const delayMs = Math.max(0, new Date(until).getTime() - deps.clock().getTime());
    await jobs.enqueue(SUSPENSION_ENDS_JOB, { memberId }, { db: trx, delayMs });
  };
}
