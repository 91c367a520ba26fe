import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { jobsOf } from '../../lib/jobs';
import { tierSale } from '../../../shared/events';
import { EVENT_STATUS } from '../../../shared/owner-events';
import { WAITLIST_STATUS } from '../../../shared/waitlist';
import { release, take, type Hold } from '../orders/holds';

/**
 * How a waitlist offer holds seats and moves on (docs/decisions/055): seats that come back to a tier
 * with people waiting are taken again at once, in the transaction that gave them back, by the same
 * conditional UPDATE a checkout takes seats with; so they count as sold while the offer stands and
 * nobody else can buy them. The entry moves from waiting to offered by a conditional UPDATE too:
 * two transactions freeing seats at once never offer one place twice, nor one member twice.
 * The offer's notice and its end are durable jobs written in that transaction.
 */

export type WaitlistDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'logger' | 'env'>;

export const OFFER_NOTICE_JOB = 'waitlist.offer-notice';
export const OFFER_END_JOB = 'waitlist.offer-end';

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;
const seats = (categoryId: string, eventId: string, quantity: number): Hold => ({ kind: 'seats', itemId: categoryId, eventId, quantity });

export function createWaitlistOffers(deps: WaitlistDeps) {
  const { clock } = deps;
  const jobs = jobsOf(deps);
  const now = () => clock().toISOString();
  const holdOptions = { capacityGuard: true, now };

  /** The tier and its event as `trx` sees them: what is free, and whether it still sells. */
  function tierOf(trx: Transaction<Database>, categoryId: string) {
    return trx
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
  }
  type Tier = NonNullable<Awaited<ReturnType<typeof tierOf>>>;

  const sells = (tier: Tier, at: Date) =>
    tier.statusCode === EVENT_STATUS.PUBLISHED &&
    tier.hidden !== 1 &&
    tier.startDateTime > at.toISOString() &&
    tierSale(tier, at) === 'on_sale';

  /** Offers the tier's free seats to the next in line whose quantity fits; false when there is nobody (or nothing) to offer. */
  async function offerNext(trx: Transaction<Database>, categoryId: string): Promise<boolean> {
    const tier = await tierOf(trx, categoryId);
    if (!tier || !sells(tier, clock())) return false;
    const free = Math.min(tier.capacity - tier.sold, tier.eventCapacity - tier.eventSold);
    if (free <= 0) return false;
    const next = await trx
      .selectFrom('waitlist_entries')
      .select(['id', 'user_id', 'quantity'])
      .where('category_id', '=', categoryId)
      .where('status', '=', WAITLIST_STATUS.waiting)
      .where('quantity', '<=', free)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    if (!next) return false;
    const hold = seats(categoryId, tier.eventId, next.quantity);
    if (!(await take(trx, [hold], holdOptions))) return false;
    const until = new Date(clock().getTime() + tier.offerMinutes * 60_000).toISOString();
    const offered = await trx
      .updateTable('waitlist_entries')
      .set({ status: WAITLIST_STATUS.offered, offered_until: until })
      .where('id', '=', next.id)
      .where('status', '=', WAITLIST_STATUS.waiting)
      .executeTakeFirst();
    if (!changed(offered)) {
      // another transaction offered (or removed) this entry first: give the seats back and look again
      await release(trx, [hold], now);
      return true;
    }
    await jobs.enqueue(OFFER_NOTICE_JOB, { entryId: next.id }, { db: trx, key: `waitlist-offer:${next.id}`, tag: next.user_id });
    await jobs.enqueue(
      OFFER_END_JOB,
      { entryId: next.id },
      { db: trx, key: `waitlist-offer-end:${next.id}`, delayMs: tier.offerMinutes * 60_000 },
    );
    return true;
  }

  /**
   * Seats of these holds came back (a refund, a hold that ended, a capacity raised): in the same
   * transaction they go to the people waiting, as offers, until nobody left in line fits.
   */
  async function seatsReturned(trx: Transaction<Database>, holds: Hold[]): Promise<void> {
    await offerFreeSeats(
      trx,
      holds.filter((h) => h.kind === 'seats').map((h) => h.itemId),
    );
  }

  /** Offers what is free of these tiers to the people waiting (a capacity raised, a checkout that used less than its offer). */
  async function offerFreeSeats(trx: Transaction<Database>, categoryIds: string[]): Promise<void> {
    for (const categoryId of new Set(categoryIds)) {
      while (await offerNext(trx, categoryId));
    }
  }

  /**
   * The buyer's standing offer on the tier, used by their checkout: the offer goes and its seats are
   * given back inside the order's transaction, which takes them again at once (the tier's row stays
   * locked in between). The quantity the offer held, 0 without one.
   */
  async function useOffer(trx: Transaction<Database>, buyerId: string, categoryId: string): Promise<number> {
    const offer = await trx
      .deleteFrom('waitlist_entries')
      .where('category_id', '=', categoryId)
      .where('user_id', '=', buyerId)
      .where('status', '=', WAITLIST_STATUS.offered)
      .where('offered_until', '>', now())
      .returning(['event_id', 'quantity'])
      .executeTakeFirst();
    if (!offer) return 0;
    await release(trx, [seats(categoryId, offer.event_id, offer.quantity)], now);
    return offer.quantity;
  }

  /** Ends an offer (its time is up, or its member left): its seats go to the next in line, else back on sale. */
  async function endOffer(trx: Transaction<Database>, entryId: string, onlyIfDue: boolean): Promise<boolean> {
    let query = trx.deleteFrom('waitlist_entries').where('id', '=', entryId).where('status', '=', WAITLIST_STATUS.offered);
    if (onlyIfDue) query = query.where('offered_until', '<=', now());
    const ended = await query.returning(['category_id', 'event_id', 'quantity']).executeTakeFirst();
    if (!ended) return false;
    const hold = seats(ended.category_id, ended.event_id, ended.quantity);
    await release(trx, [hold], now);
    await seatsReturned(trx, [hold]);
    return true;
  }

  return { seatsReturned, offerFreeSeats, useOffer, endOffer };
}
