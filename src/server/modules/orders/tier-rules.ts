import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { tierSale } from '../../../shared/events';
import { EVENT_STATUS, EVENT_VISIBILITY } from '../../../shared/owner-events';

/**
 * The rules a ticket sale follows, checked by checkout when it reads the tier and again inside the
 * transaction that takes the seats (the owner may change them in between): the event published,
 * not private, not started, its firm active; the tier not hidden, in its sales window, within its
 * limits per order and per buyer.
 */

const ACTIVE_FIRM = 1;

const problem = (status: number, code: string, detail: string, errors?: Record<string, string[]>) =>
  new HttpError(status, detail, code, errors);

type Source = Kysely<Database> | Transaction<Database>;

/** The event and tier of a sale, as `source` sees them; undefined when the tier is not one of the event. */
export function readSale(source: Source, eventId: string, categoryId: string) {
  return source
    .selectFrom('ticket_categories as tc')
    .innerJoin('events as e', 'e.id', 'tc.event_id')
    .innerJoin('firms as f', 'f.id', 'e.firm_id')
    .select([
      'e.id as eventId',
      'e.firm_id as firmId',
      'e.currency',
      'e.start_date_time as startDateTime',
      'e.status_code as statusCode',
      'e.visibility',
      'e.audience',
      'f.status_code as firmStatus',
      'tc.id',
      'tc.name',
      'tc.price_minor as price',
      'tc.sold',
      'tc.capacity',
      'tc.hidden',
      'tc.sales_start as salesStart',
      'tc.sales_end as salesEnd',
      'tc.max_per_order as maxPerOrder',
      'tc.max_per_buyer as maxPerBuyer',
    ])
    .where('tc.id', '=', categoryId)
    .where('e.id', '=', eventId)
    .executeTakeFirst();
}
export type Sale = NonNullable<Awaited<ReturnType<typeof readSale>>>;

interface EventState {
  statusCode: number;
  visibility: number;
  firmStatus: number;
  startDateTime: string;
}

/** The event sells: not private (then nothing of it is told), published, not started, its firm active. */
function checkEvent(event: EventState | undefined, now: Date): void {
  if (!event || event.visibility === EVENT_VISIBILITY.PRIVATE) throw notFound('Event not found.');
  if (event.statusCode !== EVENT_STATUS.PUBLISHED || event.firmStatus !== ACTIVE_FIRM || event.startDateTime <= now.toISOString()) {
    throw problem(409, 'event_closed', 'Tickets for this event are no longer on sale.');
  }
}

const unknownTier = () =>
  problem(422, 'unknown_category', 'This ticket tier is not one of this event.', { categoryId: ['Not a tier of this event.'] });

/** The event's problem when it does not sell, else that of a tier that is not one of it. */
export async function eventWithoutTier(source: Source, eventId: string, now: Date): Promise<never> {
  const event = await source
    .selectFrom('events as e')
    .innerJoin('firms as f', 'f.id', 'e.firm_id')
    .select(['e.status_code as statusCode', 'e.visibility', 'e.start_date_time as startDateTime', 'f.status_code as firmStatus'])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
  checkEvent(event, now);
  throw unknownTier();
}

/** Throws the problem of the first rule the sale of `quantity` tickets breaks at `now`. */
export function checkSale(sale: Sale | undefined, quantity: number, now: Date): asserts sale is Sale {
  if (!sale) throw unknownTier();
  checkEvent(sale, now);
  // a hidden tier is not told apart from one that does not exist
  if (sale.hidden === 1) throw unknownTier();
  const state = tierSale(sale, now);
  if (state === 'not_yet') {
    throw problem(409, 'tier_not_on_sale', `Tickets of ${sale.name} are on sale from ${sale.salesStart}.`, {
      categoryId: [`On sale from ${sale.salesStart}.`],
    });
  }
  if (state === 'ended') throw problem(409, 'tier_not_on_sale', `Sales of ${sale.name} have ended.`, { categoryId: ['Sales ended.'] });
  if (sale.maxPerOrder !== null && quantity > sale.maxPerOrder) {
    throw problem(422, 'tier_limit', `At most ${sale.maxPerOrder} tickets of ${sale.name} per order.`, {
      holderIds: [`At most ${sale.maxPerOrder} per order.`],
    });
  }
}

/**
 * Counts `quantity` more tickets of the tier against the buyer's limit with one conditional write
 * (never read and then written): false when the buyer would hold more than `max`. A null `max`
 * counts without a limit (a late payment honoured, a tier without one).
 */
export async function takeBuyerQuota(
  trx: Transaction<Database>,
  hold: { categoryId: string; buyerId: string; quantity: number },
  max: number | null,
): Promise<boolean> {
  if (max !== null && hold.quantity > max) return false;
  const result = await trx
    .insertInto('tier_buyer_counts')
    .values({ category_id: hold.categoryId, buyer_id: hold.buyerId, held: hold.quantity })
    .onConflict((oc) => {
      const update = oc
        .columns(['category_id', 'buyer_id'])
        .doUpdateSet((eb) => ({ held: eb('tier_buyer_counts.held', '+', hold.quantity) }));
      return max === null ? update : update.where((eb) => eb(eb('tier_buyer_counts.held', '+', hold.quantity), '<=', max));
    })
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes the buyer's share of a sale, or throws the limit's problem. */
export async function takeBuyerLimit(trx: Transaction<Database>, sale: Sale, buyerId: string, quantity: number) {
  if (await takeBuyerQuota(trx, { categoryId: sale.id, buyerId, quantity }, sale.maxPerBuyer)) return;
  throw problem(422, 'tier_limit', `At most ${sale.maxPerBuyer} tickets of ${sale.name} per buyer, with the ones you hold already.`, {
    holderIds: [`At most ${sale.maxPerBuyer} per buyer.`],
  });
}

/**
 * Gives tickets of an order back to its buyer's limits: those named, or all it still holds (not
 * refunded) when it expired, was cancelled or refunded whole.
 */
export async function releaseBuyerQuota(trx: Transaction<Database>, orderId: string, tickets?: { categoryId: string; quantity: number }[]) {
  const order = await trx.selectFrom('orders').select(['buyer_id']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const back =
    tickets ??
    (
      await trx
        .selectFrom('order_lines')
        .select(['item_id', 'quantity', 'refunded_quantity'])
        .where('order_id', '=', orderId)
        .where('kind', '=', 'ticket')
        .execute()
    ).map((l) => ({ categoryId: l.item_id, quantity: l.quantity - l.refunded_quantity }));
  for (const { categoryId, quantity } of back) {
    if (quantity <= 0) continue;
    await trx
      .updateTable('tier_buyer_counts')
      .set((eb) => ({ held: eb('held', '-', quantity) }))
      .where('category_id', '=', categoryId)
      .where('buyer_id', '=', order.buyer_id)
      .where('held', '>=', quantity)
      .execute();
  }
}
