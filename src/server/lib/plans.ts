import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import {
  canCreate,
  COUNTED_FEATURES,
  featureEntries,
  isEnabled,
  isPlanKey,
  planAllowing,
  type CountedFeature,
  type FeatureEntry,
  type PlanFeatureKey,
  type PlanKey,
} from '../../shared/plans';
import { HttpError, notFound } from './errors';
import { activeStaff } from './firm-staff';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Usage of a counted feature: real rows of the firm, never a stored counter ("usage
 * never goes below 0", and deleting frees it). Team seats are the active employments
 * plus the invitations still waiting for an answer.
 */
export async function countUsage(db: Db, firmId: string, feature: CountedFeature, now: Date): Promise<number> {
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
    Math.max(0, Number((await query.executeTakeFirstOrThrow()).n));
  const n = sql<number>`count(*)`.as('n');
  switch (feature) {
    case 'CREATE_EVENT':
      return count(db.selectFrom('events').select(n).where('firm_id', '=', firmId));
    case 'CREATE_BLOG':
      return count(db.selectFrom('blog_posts').select(n).where('firm_id', '=', firmId));
    case 'CREATE_PRODUCT':
      return count(db.selectFrom('products').select(n).where('firm_id', '=', firmId));
    case 'CREATE_MENU':
      return count(db.selectFrom('menus').select(n).where('firm_id', '=', firmId));
    case 'CREATE_MENU_ITEM':
      return count(db.selectFrom('menu_items').select(n).where('firm_id', '=', firmId));
    case 'TEAM_MEMBER': {
      const members = await count(activeStaff(db, firmId).select(n));
      const invited = await count(
        db
          .selectFrom('invitations')
          .select(n)
          .where('firm_id', '=', firmId)
          .where('status', '=', 'pending')
          .where('expires_at', '>', now.toISOString()),
      );
      return members + invited;
    }
  }
}

/**
 * The plan in force: a paid plan whose period has ended is the free plan again until it is paid
 * for (a plan without an end date, e.g. given by hand, does not end).
 */
export function effectivePlan(firm: { plan_key: string; plan_renews_at: string | null }, now: Date): PlanKey {
  if (!isPlanKey(firm.plan_key)) return 'free';
  if (firm.plan_key !== 'free' && firm.plan_renews_at && firm.plan_renews_at <= now.toISOString()) return 'free';
  return firm.plan_key;
}

async function planOf(db: Db, firmId: string, now: Date): Promise<PlanKey> {
  const firm = await db.selectFrom('firms').select(['plan_key', 'plan_renews_at']).where('id', '=', firmId).executeTakeFirst();
  if (!firm) throw notFound('Firm not found.');
  return effectivePlan(firm, now);
}

/**
 * Refuses what the firm's plan does not include (a workspace area such as reports or announcements):
 * 403 `plan_limit`, naming the plan in force and the cheapest plan that includes it, as a refused
 * creation does, so the workspace shows one message for both.
 */
export async function assertPlanIncludes(db: Db, firmId: string, featureKey: PlanFeatureKey, now: Date): Promise<void> {
  const plan = await planOf(db, firmId, now);
  if (isEnabled(featureEntries(plan, {}), featureKey)) return;
  const requiredPlan = planAllowing(featureKey, 0);
  const error = new HttpError(
    403,
    `Your ${plan} plan does not include this (${featureKey}).${requiredPlan ? ` The ${requiredPlan} plan does.` : ''}`,
    'plan_limit',
  );
  error.extensions = { plan, featureKey, ...(requiredPlan ? { requiredPlan } : {}) };
  throw error;
}

/** The firm's plan and every feature entry with its usage (dash-firm's `subscriptionInfoDto`). */
export async function subscriptionFeatures(db: Db, firmId: string, now: Date): Promise<{ plan: PlanKey; features: FeatureEntry[] }> {
  const plan = await planOf(db, firmId, now);
  const usage: Partial<Record<CountedFeature, number>> = {};
  for (const feature of COUNTED_FEATURES) usage[feature] = await countUsage(db, firmId, feature, now);
  return { plan, features: featureEntries(plan, usage) };
}

/**
 * Serialises writers on one firm until the transaction ends: a no-op UPDATE of its row takes the
 * row lock on PostgreSQL and the database write lock on SQLite. Whatever counts the firm's rows to
 * decide (the plan's limits, "a firm keeps at least one owner") does it after this.
 */
export async function lockFirmRow(trx: Transaction<Database>, firmId: string): Promise<void> {
  await trx
    .updateTable('firms')
    .set((eb) => ({ plan_key: eb.ref('plan_key') }))
    .where('id', '=', firmId)
    .execute();
}

/**
 * Refuses what a switched plan feature (BOOKINGS, POS, …) brings when the firm's plan has it off:
 * PlanLimitError naming the first plan that has it.
 */
export async function assertFeatureEnabled(db: Db, firmId: string, featureKey: PlanFeatureKey, now: Date): Promise<void> {
  const plan = await planOf(db, firmId, now);
  if (!isEnabled(featureEntries(plan, {}), featureKey)) throw new PlanLimitError(plan, featureKey, planAllowing(featureKey, 0));
}

/** What a refused creation answers: 403, the plan named, the plan that would allow it. */
export class PlanLimitError extends HttpError {
  constructor(
    readonly plan: PlanKey,
    readonly featureKey: PlanFeatureKey,
    readonly requiredPlan: PlanKey | undefined,
  ) {
    super(
      403,
      requiredPlan
        ? `Your ${plan} plan does not allow more of this (${featureKey}). The ${requiredPlan} plan does.`
        : `Your ${plan} plan does not allow more of this (${featureKey}).`,
      'plan_limit',
    );
    this.extensions = { plan, featureKey, ...(requiredPlan ? { requiredPlan } : {}) };
  }
}

/**
 * The plans' creation rule (docs/spec-reading.md), enforced where the row is made: call it FIRST inside the
 * transaction that inserts the row. It takes the firm row's write lock (a no-op UPDATE: a row lock
 * on PostgreSQL, the database write lock on SQLite) before counting, so two creations at the limit
 * are serialised on the firm and the second one counts the first one's row. Throws PlanLimitError.
 *
 * `{ lock: false }` exists only so the concurrency test can prove it catches the oversell without
 * the lock; nothing else passes it.
 */
export async function assertCanCreate(
  trx: Transaction<Database>,
  firmId: string,
  featureKey: CountedFeature,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<void> {
  if (options.lock !== false) await lockFirmRow(trx, firmId);
  const plan = await planOf(trx, firmId, now);
  const usage = await countUsage(trx, firmId, featureKey, now);
  if (!canCreate(featureEntries(plan, { [featureKey]: usage }), featureKey)) {
    throw new PlanLimitError(plan, featureKey, planAllowing(featureKey, usage));
  }
}
