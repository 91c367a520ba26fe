import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Dialect } from '../../db/connection';
import type { Database } from '../../db/schema';
import {
  APPEALABLE_ACTIONS,
  HIDEABLE_TARGETS,
  MODERATION_HIDDEN_STATUS,
  SUSPENDED_FOREVER,
  type MemberModeration,
  type ModerationAction,
  type ModerationActionInput,
  type ModerationActionRecord,
} from '../../../shared/moderation';
import type { ReportTarget } from '../../../shared/report-kinds';
import { HttpError, notFound } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { notify } from '../notifications/notify';
import { writeAudit } from './audit-log';
import { reassignUsername } from './firm-username';
import { hideOwnedFirms, showOwnedFirms, suspensionEnds } from './owner-suspension';
import { suspendedThrough } from './review-queue';

const DAY_MS = 86_400_000;

/** What an action is about: its name and the member answerable for it (a firm's content: its first owner). */
interface Target {
  name: string;
  memberId: string | null;
}

async function firstOwner(db: Kysely<Database>, firmId: string): Promise<string | null> {
  const row = await db
    .selectFrom('employments')
    .select('user_id')
    .where('firm_id', '=', firmId)
    .where('user_role', '=', 'OWNER')
    .where('active', '=', 1)
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

async function findTarget(db: Kysely<Database>, type: ReportTarget, id: string): Promise<Target | undefined> {
  switch (type) {
    case 'user': {
      const row = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', id).executeTakeFirst();
      return row && { name: `${row.first_name} ${row.last_name}`.trim(), memberId: id };
    }
    case 'review': {
      const row = await db
        .selectFrom('reviews as r')
        .innerJoin('firms as f', 'f.id', 'r.firm_id')
        .select(['r.author_id', 'f.name'])
        .where('r.id', '=', id)
        .executeTakeFirst();
      return row && { name: row.name, memberId: row.author_id };
    }
    case 'post':
    case 'event':
    case 'firm': {
      const table = type === 'post' ? 'blog_posts' : type === 'event' ? 'events' : 'firms';
      const row = await db
        .selectFrom(table)
        .select(['name', type === 'firm' ? 'id as firmId' : 'firm_id as firmId'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { name: row.name, memberId: await firstOwner(db, row.firmId) };
    }
  }
}

const conflict = (detail: string) => new HttpError(409, detail, 'moderation_conflict');

/**
 * Hides (`at`) or shows again (null) a review, and takes its rating out of the firm's or puts it back: a
 * hidden review does not count. The firm's row is locked first on PostgreSQL, as a review's own write
 * does, so an edit by its author at the same moment cannot count it twice. Answers whether it changed.
 */
async function setReviewHidden(trx: Transaction<Database>, dialect: Dialect, id: string, at: string | null): Promise<boolean> {
  const review = await trx.selectFrom('reviews').select('firm_id').where('id', '=', id).executeTakeFirst();
  if (!review) return false;
  if (dialect === 'postgres') await sql`select id from firms where id = ${review.firm_id} for update`.execute(trx);
  const { rating } = await trx.selectFrom('reviews').select('rating').where('id', '=', id).executeTakeFirstOrThrow();
  const result = await trx
    .updateTable('reviews')
    .set({ hidden_at: at })
    .where('id', '=', id)
    .where('hidden_at', at ? 'is' : 'is not', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  const sign = at ? -1 : 1;
  await trx
    .updateTable('firms')
    .set((eb) => ({ rating_count: eb('rating_count', '+', sign), rating_sum: eb('rating_sum', '+', sign * rating) }))
    .where('id', '=', review.firm_id)
    .execute();
  return true;
}

/** Hides a post, review or firm (409 when it is hidden already); answers the status code to restore. */
async function hide(trx: Transaction<Database>, dialect: Dialect, type: ReportTarget, id: string, now: string): Promise<number | null> {
  if (!(HIDEABLE_TARGETS as readonly string[]).includes(type))
    throw new HttpError(400, 'Only posts, reviews and firms can be hidden.', 'validation_failed');
  if (type === 'review') {
    if (!(await setReviewHidden(trx, dialect, id, now))) throw conflict('This review is hidden already.');
    return null;
  }
  const table = type === 'post' ? 'blog_posts' : 'firms';
  const before = await trx.selectFrom(table).select('status_code').where('id', '=', id).executeTakeFirstOrThrow();
  // conditional: of two admins hiding at once, one hides, the other hears it is done
  const result = await trx
    .updateTable(table)
    .set({ status_code: MODERATION_HIDDEN_STATUS })
    .where('id', '=', id)
    .where('status_code', '=', before.status_code)
    .where('status_code', '!=', MODERATION_HIDDEN_STATUS)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict('This is hidden already.');
  return before.status_code;
}

/** Unhides a post, review or firm hidden by an admin (its recorded status back); answers whether there was one. */
async function unhide(trx: Transaction<Database>, dialect: Dialect, type: ReportTarget, id: string): Promise<boolean> {
  if (type === 'review') return setReviewHidden(trx, dialect, id, null);
  if (type !== 'post' && type !== 'firm') return false;
  const hidden = await trx
    .selectFrom('moderation_actions')
    .select('prior_status')
    .where('action', '=', 'hide')
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const result = await trx
    .updateTable(type === 'post' ? 'blog_posts' : 'firms')
    .set({ status_code: hidden?.prior_status ?? 1 })
    .where('id', '=', id)
    .where('status_code', '=', MODERATION_HIDDEN_STATUS)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Undoes what admins did to the target: its content shows again and a suspension over it ends (409 when there is neither). */
async function restore(trx: Transaction<Database>, dialect: Dialect, type: ReportTarget, id: string, now: string): Promise<void> {
  const unhidden = await unhide(trx, dialect, type, id);
  const memberId = await suspendedThrough(trx, type, id, now);
  if (memberId) {
    await trx.updateTable('users').set({ suspended_until: null }).where('id', '=', memberId).execute();
    await showOwnedFirms(trx, memberId, now);
  }
  if (!unhidden && !memberId) throw conflict('There is nothing to restore.');
}

/** Suspends (until a time) or closes an account: its logins end at once, not when their tokens expire, and its firms leave the public pages. */
async function suspend(trx: Transaction<Database>, memberId: string, until: string, now: string): Promise<void> {
  await trx.updateTable('users').set({ suspended_until: until }).where('id', '=', memberId).execute();
  await hideOwnedFirms(trx, memberId);
  await trx
    .updateTable('auth_sessions')
    .set({ revoked_at: now, revoked_reason: 'suspended by an admin' })
    .where('user_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
}

const NOTICE = {
  warn: 'moderation.warned',
  hide: 'moderation.hidden',
  terminate: 'moderation.terminated',
  restore: 'moderation.restored',
} as const;

type ActionRow = Awaited<ReturnType<ReturnType<typeof actionQuery>['executeTakeFirst']>>;
function actionQuery(db: Kysely<Database>) {
  return db.selectFrom('moderation_actions').selectAll();
}

function toRecord(row: NonNullable<ActionRow>): ModerationActionRecord {
  return {
    id: row.id,
    action: row.action as ModerationAction,
    targetType: row.target_type as ReportTarget,
    targetId: row.target_id,
    targetName: row.target_name,
    reason: row.reason,
    until: row.until,
    username: row.old_username && row.new_username ? { before: row.old_username, after: row.new_username } : null,
    createdAt: row.created_at,
  };
}

const appealable = (action: string) => (APPEALABLE_ACTIONS as readonly string[]).includes(action);

export function createModerationService(deps: AppDeps) {
  const { db, clock, dialect } = deps;
  const scheduleEnd = suspensionEnds(deps);

  /** Does one action on a target: its effect, the reports it closes and the audit entry in one transaction; then tells the member. */
  async function act(adminUserId: string, input: ModerationActionInput): Promise<ModerationActionRecord> {
    const target = await findTarget(db, input.targetType, input.targetId);
    if (!target) throw notFound('What was reported is gone.');
    const at = clock();
    const now = at.toISOString();
    const onAccount = input.action === 'suspend' || input.action === 'terminate';
    const memberId = target.memberId;
    if (onAccount && !memberId) throw notFound('Nobody answers for this.');
    const until =
      input.action === 'suspend'
        ? new Date(at.getTime() + input.days! * DAY_MS).toISOString()
        : input.action === 'terminate'
          ? SUSPENDED_FOREVER
          : null;
    const row = {
      id: randomId(),
      action: input.action,
      target_type: input.targetType,
      target_id: input.targetId,
      target_name: target.name,
      member_id: input.action === 'dismiss' ? null : memberId,
      admin_user_id: adminUserId,
      reason: input.reason,
      prior_status: null as number | null,
      until: input.action === 'terminate' ? null : until,
      appeal: null,
      appealed_at: null,
      created_at: now,
      old_username: null as string | null,
      new_username: null as string | null,
    };
    let recipientId: string | null = null;
    await db.transaction().execute(async (trx) => {
      if (input.action === 'hide') row.prior_status = await hide(trx, dialect, input.targetType, input.targetId, now);
      if (input.action === 'restore') await restore(trx, dialect, input.targetType, input.targetId, now);
      if (input.action === 'reassign') {
        const change = await reassignUsername(trx, input.targetId, input.giveTo);
        row.old_username = change.before;
        row.new_username = change.after;
        recipientId = change.recipientId;
      }
      if (onAccount) {
        await suspend(trx, memberId!, until!, now);
        await scheduleEnd(trx, memberId!, until!);
      }
      await trx.insertInto('moderation_actions').values(row).execute();
      await trx
        .updateTable('reports')
        .set({ status: 'reviewed', action_id: row.id })
        .where('target_type', '=', input.targetType)
        .where('target_id', '=', input.targetId)
        .where('status', '=', 'open')
        .execute();
      await writeAudit(
        trx,
        {
          adminUserId,
          action: `moderation.${input.action}`,
          targetType: input.targetType,
          targetId: input.targetId,
          reason: input.reason,
          detail: {
            actionId: row.id,
            ...(memberId ? { memberId } : {}),
            ...(row.until ? { until: row.until } : {}),
            ...(row.new_username ? { username: row.old_username, newUsername: row.new_username, givenTo: recipientId } : {}),
          },
        },
        at,
      );
    });
    if (row.member_id) await tell(row.member_id, input.action, { targetName: target.name, reason: input.reason, actionId: row.id }, row);
    return toRecord(row);
  }

  async function tell(
    memberId: string,
    action: ModerationAction,
    params: { targetName: string; reason: string; actionId: string },
    row: { until: string | null; new_username: string | null },
  ) {
    if (action === 'suspend') {
      await notify(deps, { to: memberId, kind: 'moderation.suspended', params: { ...params, until: row.until!.slice(0, 10) } });
    } else if (action === 'reassign') {
      await notify(deps, { to: memberId, kind: 'moderation.reassigned', params: { ...params, username: row.new_username! } });
    } else if (action !== 'dismiss') {
      await notify(deps, { to: memberId, kind: NOTICE[action], params });
    }
  }

  async function ownAction(memberId: string, actionId: string) {
    const row = await actionQuery(db).where('id', '=', actionId).where('member_id', '=', memberId).executeTakeFirst();
    if (!row) throw notFound('No such notice.');
    return row;
  }

  /** A notice as the member it concerns sees it. */
  async function memberView(memberId: string, actionId: string): Promise<MemberModeration> {
    const row = await ownAction(memberId, actionId);
    const { targetId: _targetId, ...record } = toRecord(row);
    return { ...record, appeal: row.appeal, appealedAt: row.appealed_at, canAppeal: appealable(row.action) && row.appealed_at === null };
  }

  /** The member's one appeal: kept with the action, and the reports it closed are open in the queue again. */
  async function appeal(memberId: string, actionId: string, text: string): Promise<MemberModeration> {
    const row = await ownAction(memberId, actionId);
    if (!appealable(row.action)) throw conflict('This notice cannot be appealed.');
    const now = clock().toISOString();
    await db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('moderation_actions')
        .set({ appeal: text, appealed_at: now })
        .where('id', '=', actionId)
        .where('appealed_at', 'is', null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw conflict('You appealed this already.');
      await trx.updateTable('reports').set({ status: 'open' }).where('action_id', '=', actionId).execute();
    });
    return memberView(memberId, actionId);
  }

  return { act, memberView, appeal };
}
