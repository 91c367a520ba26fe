import crypto from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { jobsOf } from '../../lib/jobs';
import { formatDateTime, visitorPreferences } from '../../../shared/dates';
import { normalizeLanguage } from '../../../shared/i18n';
import {
  WAITLIST_STATUS,
  type FirmWaitlist,
  type MyProductWaitlist,
  type MyWaitlist,
  type MyWaitlistEntry,
  type WaitlistPlace,
} from '../../../shared/waitlist';
import { visibleTo } from '../firm-followers/audience';
import { notify } from '../notifications/notify';
import { checkSale, readSale } from '../orders/tier-rules';
import { createWaitlistOffers, lineIdOf, OFFER_END_JOB, OFFER_NOTICE_JOB, type WaitLine } from './offers';

/**
 * Waitlists of sold-out tiers and products: members join and leave, read their place; the firm reads
 * how many wait per line and sets how long an offer stands. Offers themselves: offers.ts.
 */

const refused = (code: string, detail: string) => new HttpError(409, detail, code);
const placesLeft = () => refused('places_left', 'There are places left: buy them instead of waiting.');

export function createWaitlistService(deps: AppDeps) {
  const { db, clock } = deps;
  const jobs = jobsOf(deps);
  const offers = createWaitlistOffers(deps);

  /** The member's place on the line, or null. */
  async function placeOn(userId: string, lineId: string): Promise<WaitlistPlace | null> {
    const row = await db
      .selectFrom('waitlist_entries')
      .selectAll()
      .where('line_id', '=', lineId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    let position: number | null = null;
    if (row.status === WAITLIST_STATUS.waiting) {
      const ahead = await db
        .selectFrom('waitlist_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('line_id', '=', lineId)
        .where('status', '=', WAITLIST_STATUS.waiting)
        .where((eb) =>
          eb.or([eb('created_at', '<', row.created_at), eb.and([eb('created_at', '=', row.created_at), eb('id', '<', row.id)])]),
        )
        .executeTakeFirstOrThrow();
      position = Number(ahead.n) + 1;
    }
    return {
      quantity: row.quantity,
      status: row.status === WAITLIST_STATUS.offered ? WAITLIST_STATUS.offered : WAITLIST_STATUS.waiting,
      position,
      offeredUntil: row.offered_until,
    };
  }

  /** The member's entries on the event's tiers. */
  async function mine(userId: string, eventId: string): Promise<MyWaitlist> {
    const rows = await db
      .selectFrom('waitlist_entries')
      .select('line_id')
      .where('event_id', '=', eventId)
      .where('user_id', '=', userId)
      .execute();
    const entries = await Promise.all(
      rows.map(async (r) => {
        const place = await placeOn(userId, r.line_id);
        return place && { categoryId: r.line_id, ...place };
      }),
    );
    return { entries: entries.filter((e): e is MyWaitlistEntry => e !== null) };
  }

  /** The member's entries on the product (its own line, or its variants'). */
  async function mineOfProduct(userId: string, productId: string): Promise<MyProductWaitlist> {
    const rows = await db
      .selectFrom('waitlist_entries')
      .select(['line_id', 'variant_id'])
      .where('product_id', '=', productId)
      .where('user_id', '=', userId)
      .execute();
    const entries = await Promise.all(
      rows.map(async (r) => {
        const place = await placeOn(userId, r.line_id);
        return place && { variantId: r.variant_id, ...place };
      }),
    );
    return { entries: entries.filter((e) => e !== null) };
  }

  /** Adds the member at the end of the line; refused when they are on it already. */
  async function enter(userId: string, line: WaitLine, quantity: number, owner: { event_id: string | null }) {
    const inserted = await db
      .insertInto('waitlist_entries')
      .values({
        id: crypto.randomUUID(),
        line_id: lineIdOf(line),
        category_id: line.kind === 'seats' ? line.categoryId : null,
        event_id: owner.event_id,
        product_id: line.kind === 'stock' ? line.productId : null,
        variant_id: line.kind === 'stock' ? line.variantId : null,
        user_id: userId,
        quantity,
        status: WAITLIST_STATUS.waiting,
        created_at: clock().toISOString(),
        offered_until: null,
      })
      .onConflict((oc) => oc.columns(['line_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw refused('already_waiting', 'You are on this waitlist already.');
    return (await placeOn(userId, lineIdOf(line)))!;
  }

  /** Joins the tier's line for `quantity` tickets: only while the tier sells and has fewer places left than that. */
  async function join(userId: string, categoryId: string, quantity: number): Promise<MyWaitlistEntry> {
    const tier = await db.selectFrom('ticket_categories').select('event_id').where('id', '=', categoryId).executeTakeFirst();
    if (!tier) throw notFound('Ticket tier not found.');
    const sale = await readSale(db, tier.event_id, categoryId);
    checkSale(sale, quantity, clock());
    if (sale.capacity - sale.sold >= quantity) throw placesLeft();
    return { categoryId, ...(await enter(userId, { kind: 'seats', categoryId }, quantity, tier)) };
  }

  /**
   * Joins a product's line (its variant's, when it is sold by variants) for `quantity` units: only
   * while it is on sale to the member, its stock is counted, and fewer than that are left.
   */
  async function joinProduct(userId: string, productId: string, variantId: string | null, quantity: number) {
    const product = await db
      .selectFrom('products as p')
      .select((eb) => [
        'p.id',
        eb.exists(eb.selectFrom('product_variants as v').select('v.id').whereRef('v.product_id', '=', 'p.id')).as('hasVariants'),
      ])
      .where('p.id', '=', productId)
      .where('p.published', '=', 1)
      .where(visibleTo(userId, 'p.firm_id', 'p.audience'))
      .executeTakeFirst();
    if (!product) throw notFound('Product not found.');
    if (Boolean(product.hasVariants) !== (variantId !== null)) {
      throw badRequest('Choose the variant you wait for.', { variantId: ['validation.chooseVariant'] });
    }
    const line: WaitLine = { kind: 'stock', productId, variantId };
    const supply = await offers.supplyOf(db, line);
    if (!supply) throw new HttpError(422, 'This product cannot be waited for.', 'item_unavailable');
    if (supply.free >= quantity) throw placesLeft();
    return { variantId, ...(await enter(userId, line, quantity, { event_id: null })) };
  }

  /** Leaves the line; an offer left passes its units to the next in line at once. */
  async function leave(userId: string, lineId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const entry = await trx
        .selectFrom('waitlist_entries')
        .select(['id', 'status'])
        .where('line_id', '=', lineId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!entry) return;
      if (entry.status === WAITLIST_STATUS.offered) await offers.endOffer(trx, entry.id, false);
      else await trx.deleteFrom('waitlist_entries').where('id', '=', entry.id).where('status', '=', WAITLIST_STATUS.waiting).execute();
    });
  }

  /** Per line id, how many members wait (and for how many units), how many hold an offer. */
  async function countsOf(lineIds: string[]) {
    if (!lineIds.length) return new Map<string, { waiting: number; waitingUnits: number; offered: number }>();
    const rows = await db
      .selectFrom('waitlist_entries as w')
      .select((eb) => [
        'w.line_id',
        eb.fn.count<number>(eb.case().when('w.status', '=', WAITLIST_STATUS.waiting).then(1).end()).as('waiting'),
        eb.fn.sum<number>(eb.case().when('w.status', '=', WAITLIST_STATUS.waiting).then(eb.ref('w.quantity')).else(0).end()).as('units'),
        eb.fn.count<number>(eb.case().when('w.status', '=', WAITLIST_STATUS.offered).then(1).end()).as('offered'),
      ])
      .where('w.line_id', 'in', lineIds)
      .groupBy('w.line_id')
      .execute();
    return new Map(
      rows.map((r) => [r.line_id, { waiting: Number(r.waiting), waitingUnits: Number(r.units ?? 0), offered: Number(r.offered) }]),
    );
  }

  async function firmView(offerMinutes: number, lines: { lineId: string; name: string }[]): Promise<FirmWaitlist> {
    const counts = await countsOf(lines.map((l) => l.lineId));
    return {
      offerMinutes,
      lines: lines.map((l) => ({ ...l, ...(counts.get(l.lineId) ?? { waiting: 0, waitingUnits: 0, offered: 0 }) })),
    };
  }

  /** Per tier of the event: how many members wait (and for how many tickets), how many hold an offer. */
  async function forFirm(eventId: string): Promise<FirmWaitlist> {
    const event = await db.selectFrom('events').select('waitlist_offer_minutes').where('id', '=', eventId).executeTakeFirst();
    if (!event) throw notFound('Event not found.');
    const tiers = await db
      .selectFrom('ticket_categories')
      .select(['id as lineId', 'name'])
      .where('event_id', '=', eventId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return firmView(event.waitlist_offer_minutes, tiers);
  }

  /** The product's line, or one per variant when it is sold by them. */
  async function forProduct(productId: string): Promise<FirmWaitlist> {
    const product = await db
      .selectFrom('products')
      .select(['name', 'waitlist_offer_minutes'])
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!product) throw notFound('Product not found.');
    const variants = await db
      .selectFrom('product_variants')
      .select(['id as lineId', 'name'])
      .where('product_id', '=', productId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return firmView(product.waitlist_offer_minutes, variants.length ? variants : [{ lineId: productId, name: product.name }]);
  }

  /** How long the event's next offers hold their seats (those standing keep their time). */
  async function setOfferMinutes(eventId: string, offerMinutes: number): Promise<FirmWaitlist> {
    await db.updateTable('events').set({ waitlist_offer_minutes: offerMinutes }).where('id', '=', eventId).execute();
    return forFirm(eventId);
  }

  /** How long the product's next offers hold their units. */
  async function setProductOfferMinutes(productId: string, offerMinutes: number): Promise<FirmWaitlist> {
    await db.updateTable('products').set({ waitlist_offer_minutes: offerMinutes }).where('id', '=', productId).execute();
    return forProduct(productId);
  }

  /** The member is told in the app and by mail, in their language, until when the units are theirs. */
  async function tellOffer(entryId: string) {
    const entry = await db
      .selectFrom('waitlist_entries as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select(['w.user_id', 'w.quantity', 'w.offered_until', 'w.category_id', 'w.product_id', 'w.variant_id', 'u.language'])
      .where('w.id', '=', entryId)
      .where('w.status', '=', WAITLIST_STATUS.offered)
      .executeTakeFirst();
    if (!entry?.offered_until) return;
    const preferences = visitorPreferences(normalizeLanguage(entry.language));
    const until = (timezone: string) => formatDateTime(entry.offered_until!, timezone, preferences);
    if (entry.category_id) {
      const tier = await db
        .selectFrom('ticket_categories as tc')
        .innerJoin('events as e', 'e.id', 'tc.event_id')
        .innerJoin('firms as f', 'f.id', 'e.firm_id')
        .select(['tc.name as tierName', 'e.name as eventName', 'e.short_id as eventShortId', 'f.timezone'])
        .where('tc.id', '=', entry.category_id)
        .executeTakeFirstOrThrow();
      await notify(deps, {
        to: entry.user_id,
        kind: 'waitlist.offer',
        params: {
          eventName: tier.eventName,
          tierName: tier.tierName,
          quantity: entry.quantity,
          until: until(tier.timezone),
          eventShortId: tier.eventShortId,
          categoryId: entry.category_id,
        },
      });
      return;
    }
    const product = await db
      .selectFrom('products as p')
      .innerJoin('firms as f', 'f.id', 'p.firm_id')
      .leftJoin('product_variants as v', (join) => join.on('v.id', '=', entry.variant_id ?? ''))
      .select(['p.name', 'v.name as variantName', 'p.short_id as shortId', 'f.name as firmName', 'f.timezone'])
      .where('p.id', '=', entry.product_id!)
      .executeTakeFirstOrThrow();
    await notify(deps, {
      to: entry.user_id,
      kind: 'waitlist.productOffer',
      params: {
        productName: product.variantName ? `${product.name} — ${product.variantName}` : product.name,
        firmName: product.firmName,
        quantity: entry.quantity,
        until: until(product.timezone),
        productShortId: product.shortId,
      },
    });
  }

  jobs.define<{ entryId: string }>(OFFER_NOTICE_JOB, ({ entryId }) => tellOffer(entryId));
  jobs.define<{ entryId: string }>(OFFER_END_JOB, async ({ entryId }) => {
    const ended = await db.transaction().execute((trx) => offers.endOffer(trx, entryId, true));
    if (ended) return;
    const standing = await db
      .selectFrom('waitlist_entries')
      .select('id')
      .where('id', '=', entryId)
      .where('status', '=', WAITLIST_STATUS.offered)
      .executeTakeFirst();
    // the job ran before the offer's time was up (another process's clock): it tries again later
    if (standing) throw new Error('the waitlist offer is not over yet');
  });

  return { mine, mineOfProduct, join, joinProduct, leave, forFirm, forProduct, setOfferMinutes, setProductOfferMinutes };
}
