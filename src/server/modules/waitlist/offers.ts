import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { jobsOf } from '../../lib/jobs';
import { tierSale } from '../../../shared/events';
import { EVENT_STATUS } from '../../../shared/owner-events';
import { WAITLIST_STATUS } from '../../../shared/waitlist';
import { release, take, type Hold } from '../orders/holds';

/**
 * How a waitlist offer holds units and moves on (docs/decisions/055 and 060): seats of a tier, or stock
 * of a product (or of its variant), that come back with people waiting are taken again at once, in
 * the transaction that gave them back, by the same conditional UPDATE a checkout takes them with; so
 * they count as sold while the offer stands and nobody else can buy them. The entry moves from
 * waiting to offered by a conditional UPDATE too: two transactions freeing units at once never offer
 * one unit twice, nor one member twice. The offer's notice and its end are durable jobs written in
 * that transaction.
 */

export type WaitlistDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'logger' | 'env'>;

export const OFFER_NOTICE_JOB = 'waitlist.offer-notice';
export const OFFER_END_JOB = 'waitlist.offer-end';

/** What people wait on: a tier's seats, or a product's stock (its variant's when it is sold by variants). */
export type WaitLine = { kind: 'seats'; categoryId: string } | { kind: 'stock'; productId: string; variantId: string | null };

/** The line's key in `waitlist_entries.line_id`. */
export const lineIdOf = (line: WaitLine) => (line.kind === 'seats' ? line.categoryId : (line.variantId ?? line.productId));

const lineOfHold = (hold: Hold): WaitLine =>
  hold.kind === 'seats'
    ? { kind: 'seats', categoryId: hold.itemId }
    : { kind: 'stock', productId: hold.itemId, variantId: hold.variantId ?? null };

const ENTRY_UNITS = ['category_id', 'event_id', 'product_id', 'variant_id', 'quantity'] as const;

/** The units an entry's offer holds. */
function holdOfEntry(entry: {
  category_id: string | null;
  event_id: string | null;
  product_id: string | null;
  variant_id: string | null;
  quantity: number;
}): Hold {
  return entry.category_id
    ? { kind: 'seats', itemId: entry.category_id, eventId: entry.event_id!, quantity: entry.quantity }
    : { kind: 'stock', itemId: entry.product_id!, variantId: entry.variant_id, quantity: entry.quantity };
}

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

/** The quantity the member's standing offer on the line holds, 0 without one. */
export async function heldFor(db: Kysely<Database>, userId: string, line: WaitLine, now: string): Promise<number> {
  const offer = await db
    .selectFrom('waitlist_entries')
    .select('quantity')
    .where('line_id', '=', lineIdOf(line))
    .where('user_id', '=', userId)
    .where('status', '=', WAITLIST_STATUS.offered)
    .where('offered_until', '>', now)
    .executeTakeFirst();
  return offer?.quantity ?? 0;
}

export function createWaitlistOffers(deps: WaitlistDeps) {
  const { clock } = deps;
  const jobs = jobsOf(deps);
  const now = () => clock().toISOString();
  const holdOptions = { capacityGuard: true, now };

  /** A tier's free seats as `trx` sees them, while it sells; null when it does not. */
  async function seatsOf(trx: Kysely<Database>, categoryId: string) {
    const tier = await trx
      .selectFrom('ticket_categories as tc')
      .innerJoin('events as e', 'e.id', 'tc.event_id')
      .select([
        'tc.event_id as eventId',
        'tc.capacity',
        'tc.sold',
        'tc.hidden',
        'tc.sales_start as salesStart',
        'tc.sales_end as salesEnd',
        'e.capacity as eventCapacity',
        'e.sold as eventSold',
        'e.status_code as statusCode',
        'e.start_date_time as startDateTime',
        'e.waitlist_offer_minutes as offerMinutes',
      ])
      .where('tc.id', '=', categoryId)
      .executeTakeFirst();
    const at = clock();
    if (
      !tier ||
      tier.statusCode !== EVENT_STATUS.PUBLISHED ||
      tier.hidden === 1 ||
      tier.startDateTime <= at.toISOString() ||
      tierSale(tier, at) !== 'on_sale'
    ) {
      return null;
    }
    return {
      free: Math.min(tier.capacity - tier.sold, tier.eventCapacity - tier.eventSold),
      offerMinutes: tier.offerMinutes,
      hold: (quantity: number): Hold => ({ kind: 'seats', itemId: categoryId, eventId: tier.eventId, quantity }),
    };
  }

  /** A product's (or its variant's) free stock as `trx` sees them, while it is sold and counted; null otherwise. */
  async function stockOf(trx: Kysely<Database>, productId: string, variantId: string | null) {
    const product = await trx
      .selectFrom('products as p')
      .innerJoin('firms as f', 'f.id', 'p.firm_id')
      .select([
        'p.stock',
        'p.sold',
        'p.track_stock',
        'p.published',
        'p.waitlist_offer_minutes as offerMinutes',
        'f.status_code as firmStatus',
      ])
      .where('p.id', '=', productId)
      .executeTakeFirst();
    if (!product || product.published !== 1 || product.firmStatus !== 1) return null;
    const counted = variantId
      ? await trx
          .selectFrom('product_variants')
          .select(['stock', 'sold', 'track_stock'])
          .where('id', '=', variantId)
          .where('product_id', '=', productId)
          .executeTakeFirst()
      : product;
    // an untracked stock never runs out: nobody waits on it
    if (!counted || counted.track_stock !== 1) return null;
    return {
      free: counted.stock - counted.sold,
      offerMinutes: product.offerMinutes,
      hold: (quantity: number): Hold => ({ kind: 'stock', itemId: productId, variantId, quantity }),
    };
  }

  /** What is free on the line and how long an offer of it stands; null when it is not on sale. */
  const supplyOf = (trx: Kysely<Database>, line: WaitLine) =>
    line.kind === 'seats' ? seatsOf(trx, line.categoryId) : stockOf(trx, line.productId, line.variantId);

  /** Offers the line's free units to the next in line whose quantity fits; false when there is nobody (or nothing) to offer. */
  async function offerNext(trx: Transaction<Database>, line: WaitLine): Promise<boolean> {
    const supply = await supplyOf(trx, line);
    if (!supply || supply.free <= 0) return false;
    const next = await trx
      .selectFrom('waitlist_entries')
      .select(['id', 'user_id', 'quantity'])
      .where('line_id', '=', lineIdOf(line))
      .where('status', '=', WAITLIST_STATUS.waiting)
      .where('quantity', '<=', supply.free)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    if (!next) return false;
    const hold = supply.hold(next.quantity);
    if (!(await take(trx, [hold], holdOptions))) return false;
    const until = new Date(clock().getTime() + supply.offerMinutes * 60_000).toISOString();
    const offered = await trx
      .updateTable('waitlist_entries')
      .set({ status: WAITLIST_STATUS.offered, offered_until: until })
      .where('id', '=', next.id)
      .where('status', '=', WAITLIST_STATUS.waiting)
      .executeTakeFirst();
    if (!changed(offered)) {
      // another transaction offered (or removed) this entry first: give the units back and look again
      await release(trx, [hold], now);
      return true;
    }
    await jobs.enqueue(OFFER_NOTICE_JOB, { entryId: next.id }, { db: trx, key: `waitlist-offer:${next.id}`, tag: next.user_id });
    await jobs.enqueue(
      OFFER_END_JOB,
      { entryId: next.id },
      { db: trx, key: `waitlist-offer-end:${next.id}`, delayMs: supply.offerMinutes * 60_000 },
    );
    return true;
  }

  /** Offers what is free on these lines to the people waiting (a capacity raised, a restock, a checkout that used less than its offer). */
  async function offerFree(trx: Transaction<Database>, lines: WaitLine[]): Promise<void> {
    const unique = new Map(lines.map((line) => [lineIdOf(line), line]));
    for (const line of unique.values()) {
      while (await offerNext(trx, line));
    }
  }

  /**
   * Seats or stock of these holds came back (a refund, a hold that ended, a cancelled order): in the
   * same transaction they go to the people waiting, as offers, until nobody left in line fits.
   */
  const unitsReturned = (trx: Transaction<Database>, holds: Hold[]) => offerFree(trx, holds.map(lineOfHold));

  /** Offers the free seats of these tiers (an event's capacity raised). */
  const offerFreeSeats = (trx: Transaction<Database>, categoryIds: string[]) =>
    offerFree(
      trx,
      categoryIds.map((categoryId) => ({ kind: 'seats', categoryId })),
    );

  /**
   * The buyer's standing offer on the line, used by their checkout: the offer goes and its units are
   * given back inside the order's transaction, which takes them again at once (the line's row stays
   * locked in between). The quantity the offer held, 0 without one.
   */
  async function useOffer(trx: Transaction<Database>, buyerId: string, line: WaitLine): Promise<number> {
    const offer = await trx
      .deleteFrom('waitlist_entries')
      .where('line_id', '=', lineIdOf(line))
      .where('user_id', '=', buyerId)
      .where('status', '=', WAITLIST_STATUS.offered)
      .where('offered_until', '>', now())
      .returning(ENTRY_UNITS)
      .executeTakeFirst();
    if (!offer) return 0;
    await release(trx, [holdOfEntry(offer)], now);
    return offer.quantity;
  }

  /** Ends an offer (its time is up, or its member left): its units go to the next in line, else back on sale. */
  async function endOffer(trx: Transaction<Database>, entryId: string, onlyIfDue: boolean): Promise<boolean> {
    let query = trx.deleteFrom('waitlist_entries').where('id', '=', entryId).where('status', '=', WAITLIST_STATUS.offered);
    if (onlyIfDue) query = query.where('offered_until', '<=', now());
    const ended = await query.returning(ENTRY_UNITS).executeTakeFirst();
    if (!ended) return false;
    const hold = holdOfEntry(ended);
    await release(trx, [hold], now);
    await unitsReturned(trx, [hold]);
    return true;
  }

  return { supplyOf, unitsReturned, offerFree, offerFreeSeats, useOffer, endOffer };
}
