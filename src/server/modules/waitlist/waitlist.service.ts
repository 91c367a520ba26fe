import crypto from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { HttpError, notFound } from '../../lib/errors';
import { jobsOf } from '../../lib/jobs';
import { formatDateTime, visitorPreferences } from '../../../shared/dates';
import { normalizeLanguage } from '../../../shared/i18n';
import { WAITLIST_STATUS, type FirmWaitlist, type MyWaitlist, type MyWaitlistEntry } from '../../../shared/waitlist';
import { notify } from '../notifications/notify';
import { checkSale, readSale } from '../orders/tier-rules';
import { createWaitlistOffers, OFFER_END_JOB, OFFER_NOTICE_JOB } from './offers';

/**
 * Waitlists of sold-out tiers: members join and leave, read their place; the firm reads how many
 * wait per tier and sets how long an offer stands. Offers themselves: offers.ts.
 */

const refused = (code: string, detail: string) => new HttpError(409, detail, code);

export function createWaitlistService(deps: AppDeps) {
  const { db, clock } = deps;
  const jobs = jobsOf(deps);
  const offers = createWaitlistOffers(deps);

  /** The member's entry on the tier with their place in line, or null. */
  async function entryOf(userId: string, categoryId: string): Promise<MyWaitlistEntry | null> {
    const row = await db
      .selectFrom('waitlist_entries')
      .selectAll()
      .where('category_id', '=', categoryId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    let position: number | null = null;
    if (row.status === WAITLIST_STATUS.waiting) {
      const ahead = await db
        .selectFrom('waitlist_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category_id', '=', categoryId)
        .where('status', '=', WAITLIST_STATUS.waiting)
        .where((eb) =>
          eb.or([eb('created_at', '<', row.created_at), eb.and([eb('created_at', '=', row.created_at), eb('id', '<', row.id)])]),
        )
        .executeTakeFirstOrThrow();
      position = Number(ahead.n) + 1;
    }
    return {
      categoryId,
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
      .select('category_id')
      .where('event_id', '=', eventId)
      .where('user_id', '=', userId)
      .execute();
    const entries = await Promise.all(rows.map((r) => entryOf(userId, r.category_id)));
    return { entries: entries.filter((e): e is MyWaitlistEntry => e !== null) };
  }

  /** Joins the tier's line for `quantity` tickets: only while the tier sells and has fewer places left than that. */
  async function join(userId: string, categoryId: string, quantity: number): Promise<MyWaitlistEntry> {
    const tier = await db.selectFrom('ticket_categories').select('event_id').where('id', '=', categoryId).executeTakeFirst();
    if (!tier) throw notFound('Ticket tier not found.');
    const sale = await readSale(db, tier.event_id, categoryId);
    checkSale(sale, quantity, clock());
    if (sale.capacity - sale.sold >= quantity) {
      throw refused('places_left', 'There are places left in this tier: buy them instead of waiting.');
    }
    const inserted = await db
      .insertInto('waitlist_entries')
      .values({
        id: crypto.randomUUID(),
        category_id: categoryId,
        event_id: tier.event_id,
        user_id: userId,
        quantity,
        status: WAITLIST_STATUS.waiting,
        created_at: clock().toISOString(),
        offered_until: null,
      })
      .onConflict((oc) => oc.columns(['category_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw refused('already_waiting', 'You are on this waitlist already.');
    return (await entryOf(userId, categoryId))!;
  }

  /** Leaves the tier's line; an offer left passes its seats to the next in line at once. */
  async function leave(userId: string, categoryId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const entry = await trx
        .selectFrom('waitlist_entries')
        .select(['id', 'status'])
        .where('category_id', '=', categoryId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!entry) return;
      if (entry.status === WAITLIST_STATUS.offered) await offers.endOffer(trx, entry.id, false);
      else await trx.deleteFrom('waitlist_entries').where('id', '=', entry.id).where('status', '=', WAITLIST_STATUS.waiting).execute();
    });
  }

  /** Per tier of the event: how many members wait (and for how many tickets), how many hold an offer. */
  async function forFirm(eventId: string): Promise<FirmWaitlist> {
    const event = await db.selectFrom('events').select('waitlist_offer_minutes').where('id', '=', eventId).executeTakeFirst();
    if (!event) throw notFound('Event not found.');
    const tiers = await db
      .selectFrom('ticket_categories as tc')
      .leftJoin('waitlist_entries as w', 'w.category_id', 'tc.id')
      .select((eb) => [
        'tc.id as categoryId',
        'tc.name',
        eb.fn.count<number>(eb.case().when('w.status', '=', WAITLIST_STATUS.waiting).then(1).end()).as('waiting'),
        eb.fn
          .sum<number>(eb.case().when('w.status', '=', WAITLIST_STATUS.waiting).then(eb.ref('w.quantity')).else(0).end())
          .as('waitingTickets'),
        eb.fn.count<number>(eb.case().when('w.status', '=', WAITLIST_STATUS.offered).then(1).end()).as('offered'),
      ])
      .where('tc.event_id', '=', eventId)
      .groupBy(['tc.id', 'tc.name', 'tc.sort'])
      .orderBy('tc.sort')
      .execute();
    return {
      offerMinutes: event.waitlist_offer_minutes,
      tiers: tiers.map((t) => ({
        categoryId: t.categoryId,
        name: t.name,
        waiting: Number(t.waiting),
        waitingTickets: Number(t.waitingTickets ?? 0),
        offered: Number(t.offered),
      })),
    };
  }

  /** How long the event's next offers hold their seats (those standing keep their time). */
  async function setOfferMinutes(eventId: string, offerMinutes: number): Promise<FirmWaitlist> {
    await db.updateTable('events').set({ waitlist_offer_minutes: offerMinutes }).where('id', '=', eventId).execute();
    return forFirm(eventId);
  }

  /** The member is told in the app and by mail, in their language, until when the seats are theirs. */
  async function tellOffer(entryId: string) {
    const row = await db
      .selectFrom('waitlist_entries as w')
      .innerJoin('ticket_categories as tc', 'tc.id', 'w.category_id')
      .innerJoin('events as e', 'e.id', 'w.event_id')
      .innerJoin('firms as f', 'f.id', 'e.firm_id')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select(['w.user_id', 'w.quantity', 'w.offered_until', 'w.category_id', 'tc.name as tierName', 'e.name as eventName'])
      .select(['e.short_id as eventShortId', 'f.timezone', 'u.language'])
      .where('w.id', '=', entryId)
      .where('w.status', '=', WAITLIST_STATUS.offered)
      .executeTakeFirst();
    if (!row?.offered_until) return;
    const language = normalizeLanguage(row.language);
    await notify(deps, {
      to: row.user_id,
      kind: 'waitlist.offer',
      params: {
        eventName: row.eventName,
        tierName: row.tierName,
        quantity: row.quantity,
        until: formatDateTime(row.offered_until, row.timezone, visitorPreferences(language)),
        eventShortId: row.eventShortId,
        categoryId: row.category_id,
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

  return { mine, join, leave, forFirm, setOfferMinutes };
}
