import { sql } from 'kysely';
import crypto from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { HttpError, notFound } from '../../lib/errors';
import { jobsOf } from '../../lib/jobs';
import { audienceOf, isFollowersOnly } from '../../../shared/audience';
import { EVENT_STATUS } from '../../../shared/owner-events';
import { promoKey, type PromoCode, type PromoCodeInput, type PromoTargetOptions, type PromoTargetType } from '../../../shared/promotions';
import { announceFollowerOffer } from './follower-offers';

/**
 * A firm's promo codes: created, listed with their uses so far, deactivated (never deleted: orders
 * name them). A code for followers asks for its fan-out in the transaction that creates it.
 */
export function createPromotionService(deps: Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'logger' | 'env'>) {
  const { db, clock } = deps;
  /** The names of the firm's events, tiers and products the input names; a name missing: not the firm's. */
  async function targetNames(firmId: string, targets: PromoCodeInput['targets']) {
    const [events, tiers, products] = await Promise.all([
      targets.events.length
        ? db.selectFrom('events').select(['id', 'name']).where('firm_id', '=', firmId).where('id', 'in', targets.events).execute()
        : [],
      targets.tiers.length
        ? db
            .selectFrom('ticket_categories as c')
            .innerJoin('events as e', 'e.id', 'c.event_id')
            .select(['c.id', 'c.name'])
            .where('e.firm_id', '=', firmId)
            .where('c.id', 'in', targets.tiers)
            .execute()
        : [],
      targets.products.length
        ? db.selectFrom('products').select(['id', 'name']).where('firm_id', '=', firmId).where('id', 'in', targets.products).execute()
        : [],
    ]);
    const named = (type: PromoTargetType, asked: string[], found: { id: string; name: string }[]) =>
      [...new Set(asked)].map((id) => ({ type, id, name: found.find((row) => row.id === id)?.name }));
    const all = [
      ...named('event', targets.events, events),
      ...named('tier', targets.tiers, tiers),
      ...named('product', targets.products, products),
    ];
    if (all.some((target) => target.name === undefined)) {
      throw new HttpError(422, 'A chosen event, tier or product is not one of this firm.', 'unknown_target', {
        targets: ['Not one of this firm.'],
      });
    }
    return all;
  }

  async function create(firmId: string, userId: string, input: PromoCodeInput): Promise<PromoCode> {
    const targets = await targetNames(firmId, input.targets);
    const firm = await db.selectFrom('firms').select('currency').where('id', '=', firmId).executeTakeFirstOrThrow();
    const id = crypto.randomUUID();
    const createdAt = clock().toISOString();
    const written = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('promo_codes')
        .values({
          id,
          firm_id: firmId,
          code: input.code,
          code_key: promoKey(input.code),
          kind: input.kind,
          value: input.value,
          currency: firm.currency,
          starts_at: input.startsAt,
          ends_at: input.endsAt,
          usage_limit: input.usageLimit,
          once_per_customer: input.oncePerCustomer ? 1 : 0,
          min_order_minor: input.minOrderMinor,
          audience: audienceOf(input.forFollowers),
          created_by: userId,
          created_at: createdAt,
        })
        .onConflict((oc) => oc.columns(['firm_id', 'code_key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
      if (targets.length) {
        await trx
          .insertInto('promo_code_targets')
          .values(targets.map((t) => ({ code_id: id, target_type: t.type, target_id: t.id })))
          .execute();
      }
      const fanout = input.forFollowers ? await announceFollowerOffer(deps, trx, { id, startsAt: input.startsAt }) : null;
      return { fanout };
    });
    if (!written) {
      throw new HttpError(409, 'This firm has a code with this text already.', 'promo_code_taken', { code: ['This code exists already.'] });
    }
    // stored with the code: its followers hear of it now rather than at the next poll
    if (written.fanout) void jobsOf(deps).runNow(written.fanout);
    return (await list(firmId, id))[0];
  }

  /** The firm's codes, the newest first (or the one `onlyId`), each with its targets' names. */
  async function list(firmId: string, onlyId?: string): Promise<PromoCode[]> {
    let query = db
      .selectFrom('promo_codes as p')
      .selectAll('p')
      .select((eb) =>
        eb
          .selectFrom('promo_offer_sends as s')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('s.code_id', '=', 'p.id')
          .where('s.sent_at', 'is not', null)
          .as('sent_to'),
      )
      .where('p.firm_id', '=', firmId);
    if (onlyId) query = query.where('p.id', '=', onlyId);
    const rows = await query.orderBy('p.created_at', 'desc').orderBy('p.id').execute();
    if (!rows.length) return [];
    const targets = await db
      .selectFrom('promo_code_targets as t')
      .leftJoin('events as e', (join) => join.onRef('e.id', '=', 't.target_id').on('t.target_type', '=', 'event'))
      .leftJoin('ticket_categories as c', (join) => join.onRef('c.id', '=', 't.target_id').on('t.target_type', '=', 'tier'))
      .leftJoin('events as ce', 'ce.id', 'c.event_id')
      .leftJoin('products as p', (join) => join.onRef('p.id', '=', 't.target_id').on('t.target_type', '=', 'product'))
      .select([
        't.code_id',
        't.target_type',
        't.target_id',
        // a tier is named with its event: two events' "Standard" are told apart
        (eb) =>
          eb.fn.coalesce('e.name', sql<string>`${sql.ref('ce.name')} || ' — ' || ${sql.ref('c.name')}`, 'p.name', eb.val('')).as('name'),
      ])
      .where(
        't.code_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      kind: row.kind as PromoCode['kind'],
      value: row.value,
      currency: row.currency,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      usageLimit: row.usage_limit,
      uses: row.uses,
      oncePerCustomer: row.once_per_customer === 1,
      minOrderMinor: row.min_order_minor,
      active: row.active === 1,
      forFollowers: isFollowersOnly(row.audience),
      sentTo: Number(row.sent_to ?? 0),
      targets: targets
        .filter((t) => t.code_id === row.id)
        .map((t) => ({ type: t.target_type as PromoTargetType, id: t.target_id, name: String(t.name) })),
      createdAt: row.created_at,
    }));
  }

  /** No new order may use it; the orders that did keep their discount. */
  async function deactivate(firmId: string, codeId: string): Promise<PromoCode> {
    const moved = await db
      .updateTable('promo_codes')
      .set({ active: 0 })
      .where('id', '=', codeId)
      .where('firm_id', '=', firmId)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw notFound('Promo code not found.');
    return (await list(firmId, codeId))[0];
  }

  /**
   * What a new code may apply to: the firm's events still to be sold (drafts too, not cancelled or
   * ended; the latest start first), each with its tiers in their order, and its products by name.
   */
  async function targetOptions(firmId: string): Promise<PromoTargetOptions> {
    const [events, products] = await Promise.all([
      db
        .selectFrom('events')
        .select(['id', 'name'])
        .where('firm_id', '=', firmId)
        .where('status_code', 'in', [EVENT_STATUS.DRAFT, EVENT_STATUS.PUBLISHED])
        .orderBy('start_date_time', 'desc')
        .orderBy('id')
        .limit(100)
        .execute(),
      db.selectFrom('products').select(['id', 'name']).where('firm_id', '=', firmId).orderBy('name').orderBy('id').limit(200).execute(),
    ]);
    const tiers = events.length
      ? await db
          .selectFrom('ticket_categories')
          .select(['id', 'name', 'event_id'])
          .where(
            'event_id',
            'in',
            events.map((e) => e.id),
          )
          .orderBy('sort')
          .orderBy('id')
          .execute()
      : [];
    return {
      events: events.map((event) => ({
        ...event,
        tiers: tiers.filter((tier) => tier.event_id === event.id).map(({ id, name }) => ({ id, name })),
      })),
      products,
    };
  }

  return { create, list, deactivate, targetOptions };
}
