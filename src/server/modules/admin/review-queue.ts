import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ReportTarget } from '../../../shared/report-kinds';
import { MODERATION_HIDDEN_STATUS, type ModerationAction, type ReviewGroup } from '../../../shared/moderation';

/** Open reports are read up to this many; a flood about one target still shows as one group. */
const OPEN_REPORTS_MAX = 2000;
const GROUPS_MAX = 100;

const keyOf = (type: string, id: string) => `${type}:${id}`;

/** Whether the target's content is hidden by an admin now. */
async function isHidden(db: Kysely<Database>, type: ReportTarget, id: string): Promise<boolean> {
  if (type === 'post' || type === 'firm') {
    const row = await db
      .selectFrom(type === 'post' ? 'blog_posts' : 'firms')
      .select('status_code')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.status_code === MODERATION_HIDDEN_STATUS;
  }
  if (type === 'review') {
    const row = await db.selectFrom('reviews').select('hidden_at').where('id', '=', id).executeTakeFirst();
    return Boolean(row?.hidden_at);
  }
  return false;
}

/** The member an action on this target suspended or closed, while that still runs (a person: the person). */
export async function suspendedThrough(db: Kysely<Database>, type: ReportTarget, id: string, now: string): Promise<string | undefined> {
  const suspended = db.selectFrom('users as u').select('u.id').where('u.suspended_until', '>', now);
  const row = await (
    type === 'user'
      ? suspended.where('u.id', '=', id)
      : suspended.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('moderation_actions as a')
              .select('a.id')
              .whereRef('a.member_id', '=', 'u.id')
              .where('a.target_type', '=', type)
              .where('a.target_id', '=', id)
              .where('a.action', 'in', ['suspend', 'terminate']),
          ),
        )
  ).executeTakeFirst();
  return row?.id;
}

/** Whether restore applies to the target now: hidden content, or an account suspended or closed over it. */
export async function isRestorable(db: Kysely<Database>, type: ReportTarget, id: string, now: string): Promise<boolean> {
  return (await isHidden(db, type, id)) || (await suspendedThrough(db, type, id, now)) !== undefined;
}

/**
 * The review queue: open reports grouped by what they are about, the most recently reported first.
 * A member's appeal reopens the reports its action closed, so it comes back here with the appeal.
 */
export async function readReviewQueue(db: Kysely<Database>, now: string): Promise<ReviewGroup[]> {
  const rows = await db
    .selectFrom('reports as r')
    .leftJoin('users as u', 'u.id', 'r.reporter_id')
    .leftJoin('moderation_actions as a', (join) => join.onRef('a.id', '=', 'r.action_id').on('a.appealed_at', 'is not', null))
    .select([
      'r.target_type',
      'r.target_id',
      'r.target_name',
      'r.preview',
      'r.reason',
      'r.reporter_id',
      'r.created_at',
      'u.first_name',
      'u.last_name',
      'a.action as appealedAction',
      'a.reason as appealedReason',
      'a.appeal',
      'a.appealed_at',
    ])
    .where('r.status', '=', 'open')
    .orderBy('r.created_at', 'desc')
    .limit(OPEN_REPORTS_MAX)
    .execute();
  const groups = new Map<string, ReviewGroup>();
  for (const row of rows) {
    const key = keyOf(row.target_type, row.target_id);
    // newest first: the first row of a group is its latest report
    const group = groups.get(key) ?? {
      targetType: row.target_type as ReportTarget,
      targetId: row.target_id,
      targetName: row.target_name,
      preview: row.preview,
      reports: 0,
      reasons: [],
      reporters: [],
      firstReportedAt: row.created_at,
      lastReportedAt: row.created_at,
      restorable: false,
      appeal: null,
    };
    group.reports += 1;
    group.firstReportedAt = row.created_at;
    if (!group.reasons.includes(row.reason as ReviewGroup['reasons'][number]))
      group.reasons.push(row.reason as ReviewGroup['reasons'][number]);
    if (row.reporter_id && !group.reporters.some((reporter) => reporter.id === row.reporter_id)) {
      group.reporters.push({ id: row.reporter_id, name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() });
    }
    if (!group.appeal && row.appeal && row.appealed_at && row.appealedAction && row.appealedReason) {
      group.appeal = { action: row.appealedAction as ModerationAction, reason: row.appealedReason, text: row.appeal, at: row.appealed_at };
    }
    groups.set(key, group);
  }
  const listed = [...groups.values()].slice(0, GROUPS_MAX);
  for (const group of listed) group.restorable = await isRestorable(db, group.targetType, group.targetId, now);
  return listed;
}
