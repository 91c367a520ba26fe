import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Paged } from '../../../shared/paging';
import {
  EVENT_STATUS,
  EVENT_VISIBILITY,
  isEditable,
  statusRefusal,
  visibilityRefusal,
  type EventInputData,
  type OwnerEvent,
  type OwnerEventCard,
} from '../../../shared/owner-events';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { badRequest, notFound } from '../../lib/errors';
import { paged } from '../../lib/paging';
import { assertCanCreate } from '../../lib/plans';
import { randomId, shortId } from '../../lib/ids';
import { assertFirmImage, conflict } from '../../lib/workspace-content';
import { cancelSales, type Cancellation } from './event-cancellation';
import { audienceOf, isFollowersOnly } from '../../../shared/audience';

type Trx = Transaction<Database>;

/** What a status change did, for the route to finish after the commit (telling buyers or followers). */
export interface StatusChange {
  event: OwnerEvent;
  /** the event was cancelled: its paid orders to refund and the people to tell */
  cancelled: Cancellation | null;
  /** the event was published for the first time, publicly: the firm's followers are to be told */
  firstPublished: boolean;
}

/**
 * The owner's events: drafts, the editor's whole-event save (ticket categories and
 * add-ons with it), status and visibility moves, deleting. Every write is one transaction that
 * starts by locking the event's row, so a save and a purchase (which takes seats with a
 * conditional UPDATE of `sold`) never interleave: capacities are changed only where the sold
 * count still fits, and a category with sales is never deleted.
 */
/** The firm of a ticket category: its event's, if the category exists. */
export async function firmOfTicketCategory(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('ticket_categories as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .select('e.firm_id')
    .where('t.id', '=', id)
    .executeTakeFirst();
  return row?.firm_id;
}

/** Seats a save frees (a capacity raised) are first offered to the tiers' waitlists. */
type OfferFreeSeats = (trx: Trx, categoryIds: string[]) => Promise<void>;

export function createOwnerEventService(db: Kysely<Database>, clock: () => Date, offerFreeSeats?: OfferFreeSeats) {
  function cardQuery(executor: Kysely<Database> | Trx = db) {
    return executor
      .selectFrom('events as e')
      .leftJoin('media as m', 'm.id', 'e.image_path')
      .select([
        'e.id',
        'e.short_id as shortId',
        'e.firm_id as firmId',
        'e.name',
        'e.type_key as typeKey',
        'e.start_date_time as startDateTime',
        'e.end_date_time as endDateTime',
        'e.capacity',
        'e.sold',
        (eb) =>
          eb
            .selectFrom('tickets as held')
            .select(eb.fn.countAll<number>().as('count'))
            .whereRef('held.event_id', '=', 'e.id')
            .where('held.status', '=', 'reserved')
            .as('held'),
        'e.currency',
        'e.status_code as statusCode',
        'e.visibility',
        'e.image_path as imagePath',
        ...MEDIA_COLUMNS,
      ]);
  }
  type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['executeTakeFirstOrThrow']>>;
  const toCard = (row: CardRow): OwnerEventCard => ({
    id: row.id,
    shortId: row.shortId,
    name: row.name,
    typeKey: row.typeKey,
    startDateTime: row.startDateTime,
    endDateTime: row.endDateTime,
    capacity: row.capacity,
    sold: row.sold,
    held: Number(row.held ?? 0),
    currency: row.currency,
    statusCode: row.statusCode,
    visibility: row.visibility,
    ...imageFields(row),
  });

  /** The event as the editor reads it, by id (any status). */
  async function read(id: string, executor: Kysely<Database> | Trx = db): Promise<OwnerEvent> {
    const row = await cardQuery(executor)
      .innerJoin('firms as f', 'f.id', 'e.firm_id')
      .select([
        'e.description',
        'e.venue',
        'e.age_limit as ageLimit',
        'e.audience',
        'e.created_at as createdAt',
        'e.updated_at as updatedAt',
        'e.cancelled_at as cancelledAt',
        'f.username as firmUsername',
        'f.timezone',
      ])
      .where('e.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Event not found.');
    const [tiers, addons, holds] = await Promise.all([
      executor.selectFrom('ticket_categories').selectAll().where('event_id', '=', id).orderBy('sort').orderBy('id').execute(),
      executor.selectFrom('event_addons').selectAll().where('event_id', '=', id).orderBy('sort').orderBy('id').execute(),
      executor
        .selectFrom('tickets')
        .select((eb) => ['category_id', eb.fn.countAll<number>().as('count')])
        .where('event_id', '=', id)
        .where('status', '=', 'reserved')
        .groupBy('category_id')
        .execute(),
    ]);
    const heldIn = new Map(holds.map((hold) => [hold.category_id, Number(hold.count)]));
    return {
      ...toCard(row),
      firmId: row.firmId,
      firmUsername: row.firmUsername,
      timezone: row.timezone,
      description: row.description,
      venue: row.venue,
      ageLimit: row.ageLimit,
      followersOnly: isFollowersOnly(row.audience),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      cancelledAt: row.cancelledAt,
      ticketCategories: tiers.map((tier) => ({
        id: tier.id,
        name: tier.name,
        description: tier.description,
        price: tier.price_minor,
        capacity: tier.capacity,
        sold: tier.sold,
        held: heldIn.get(tier.id) ?? 0,
        salesStart: tier.sales_start,
        salesEnd: tier.sales_end,
        hidden: tier.hidden === 1,
        maxPerOrder: tier.max_per_order,
        maxPerBuyer: tier.max_per_buyer,
      })),
      addons: addons.map((addon) => ({ addonId: addon.id, name: addon.name, price: addon.price_minor })),
    };
  }

  async function byShortId(shortIdValue: string): Promise<OwnerEvent> {
    const row = await db.selectFrom('events').select('id').where('short_id', '=', shortIdValue).executeTakeFirst();
    if (!row) throw notFound('Event not found.');
    return read(row.id);
  }

  /** The firm's events, every status, the latest start first. */
  async function list(firmId: string, page: number, size: number, status?: number): Promise<Paged<OwnerEventCard>> {
    let rowsQuery = cardQuery().where('e.firm_id', '=', firmId);
    let countQuery = db
      .selectFrom('events as e')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('e.firm_id', '=', firmId);
    if (status !== undefined) {
      rowsQuery = rowsQuery.where('e.status_code', '=', status);
      countQuery = countQuery.where('e.status_code', '=', status);
    }
    const [count, rows] = await Promise.all([
      countQuery.executeTakeFirstOrThrow(),
      rowsQuery
        .orderBy('e.start_date_time', 'desc')
        .orderBy('e.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(rows.map(toCard), page, size, Number(count.total));
  }

  /**
   * `POST /events/create`: a new draft, named as asked (unnamed without a body), a week from now at 19:00 UTC in
   * the firm's currency, counted against the plan inside the same transaction.
   */
  async function createDraft(firmId: string, name = ''): Promise<OwnerEvent> {
    const now = clock();
    const id = randomId();
    await db.transaction().execute(async (trx) => {
      await assertCanCreate(trx, firmId, 'CREATE_EVENT', now);
      const firm = await trx.selectFrom('firms').select(['currency', 'min_age']).where('id', '=', firmId).executeTakeFirstOrThrow();
      const type = await trx.selectFrom('event_types').select('key').orderBy('sort').orderBy('key').executeTakeFirst();
      if (!type) throw conflict('There are no event types to choose from.', 'no_event_types');
      const start = new Date(now.getTime() + 7 * 86_400_000);
      start.setUTCHours(19, 0, 0, 0);
      await trx
        .insertInto('events')
        .values({
          id,
          short_id: shortId(),
          firm_id: firmId,
          name,
          description: '',
          image_path: null,
          start_date_time: start.toISOString(),
          end_date_time: null,
          type_key: type.key,
          capacity: 50,
          sold: 0,
          currency: firm.currency,
          age_limit: firm.min_age,
          status_code: EVENT_STATUS.DRAFT,
          visibility: EVENT_VISIBILITY.PUBLIC,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .execute();
    });
    return read(id);
  }

  /** Locks the event's row for this transaction (a no-op UPDATE) and reads it; 404 when it is not the firm's. */
  async function lockEvent(trx: Trx, firmId: string, id: string) {
    await trx
      .updateTable('events')
      .set((eb) => ({ sold: eb.ref('sold') }))
      .where('id', '=', id)
      .execute();
    const row = await trx.selectFrom('events').selectAll().where('id', '=', id).where('firm_id', '=', firmId).executeTakeFirst();
    if (!row) throw notFound('Event not found.');
    return row;
  }

  /**
   * `PUT /events`: the whole event from the editor in one transaction. Refuses (nothing saved):
   * a start or end in the past when changed, an end before the start, a sales window outside
   * the event, a category bigger than the event; 409 for what sales forbid — capacity below the
   * seats sold, deleting a category with sales, pricing a sold category below what its buyers
   * paid, changing the currency once sold.
   */
  async function save(firmId: string, input: EventInputData): Promise<{ event: OwnerEvent; replacedImage: string | null }> {
    const now = clock();
    let replacedImage: string | null = null;
    await db.transaction().execute(async (trx) => {
      const current = await lockEvent(trx, firmId, input.id);
      if (!isEditable(current.status_code)) {
        throw conflict('This event is cancelled or over: it can no longer be changed.', 'event_closed');
      }
      const errors: Record<string, string[]> = {};
      const start = new Date(input.startDateTime);
      // A start in the past only when it is the one already saved (an event that has begun can still be edited).
      if (start.getTime() !== new Date(current.start_date_time).getTime() && start.getTime() <= now.getTime()) {
        errors.startDateTime = ['validation.pastDate'];
      }
      const end = input.endDateTime ? new Date(input.endDateTime) : null;
      if (end && end.getTime() <= start.getTime()) errors.endDateTime = ['validation.endBeforeStart'];
      else if (end && input.endDateTime !== current.end_date_time && end.getTime() <= now.getTime())
        errors.endDateTime = ['validation.pastDate'];
      const closesAt = (end ?? start).getTime();
      input.ticketCategories.forEach((tier, index) => {
        if (tier.capacity > input.capacity) errors[`ticketCategories.${index}.capacity`] = ['validation.tierOverCapacity'];
        const salesStart = tier.salesStart ? new Date(tier.salesStart).getTime() : null;
        const salesEnd = tier.salesEnd ? new Date(tier.salesEnd).getTime() : null;
        if (salesEnd !== null && salesEnd > closesAt) errors[`ticketCategories.${index}.salesEnd`] = ['validation.salesAfterEvent'];
        if (salesStart !== null && salesEnd !== null && salesEnd <= salesStart) {
          errors[`ticketCategories.${index}.salesEnd`] = ['validation.endBeforeStart'];
        }
      });
      const type = await trx.selectFrom('event_types').select('key').where('key', '=', input.typeKey).executeTakeFirst();
      if (!type) errors.typeKey = ['validation.unknownType'];
      await assertFirmImage(trx, firmId, input.imagePath, current.image_path).catch((error: { errors?: Record<string, string[]> }) => {
        Object.assign(errors, error.errors);
      });

      const tiers = await trx.selectFrom('ticket_categories').selectAll().where('event_id', '=', input.id).execute();
      const tierById = new Map(tiers.map((tier) => [tier.id, tier]));
      input.ticketCategories.forEach((tier, index) => {
        if (tier.id && !tierById.has(tier.id)) errors[`ticketCategories.${index}.id`] = ['validation.unknownTier'];
      });
      const addons = await trx.selectFrom('event_addons').select('id').where('event_id', '=', input.id).execute();
      const addonIds = new Set(addons.map((addon) => addon.id));
      input.addons.forEach((addon, index) => {
        if (addon.addonId && !addonIds.has(addon.addonId)) errors[`addons.${index}.addonId`] = ['validation.unknownAddon'];
      });
      if (Object.keys(errors).length > 0) throw badRequest('Bad request – please check your input.', errors);

      // What sales forbid: 409, the fields named so the editor can point at them.
      const conflicts: Record<string, string[]> = {};
      if (input.capacity < current.sold) conflicts.capacity = ['validation.capacityBelowSold'];
      if (input.currency !== current.currency && current.sold > 0) conflicts.currency = ['validation.currencyAfterSales'];
      input.ticketCategories.forEach((tier, index) => {
        const before = tier.id ? tierById.get(tier.id) : undefined;
        if (!before || before.sold === 0) return;
        if (tier.capacity < before.sold) conflicts[`ticketCategories.${index}.capacity`] = ['validation.capacityBelowSold'];
        if (tier.price < before.price_minor) conflicts[`ticketCategories.${index}.price`] = ['validation.priceBelowSold'];
      });
      const kept = new Set(input.ticketCategories.map((tier) => tier.id).filter(Boolean));
      const removed = tiers.filter((tier) => !kept.has(tier.id));
      if (removed.some((tier) => tier.sold > 0)) conflicts.ticketCategories = ['validation.tierHasSales'];
      if (Object.keys(conflicts).length > 0) {
        const first = Object.values(conflicts)[0][0];
        throw conflict(CONFLICT_DETAIL[first] ?? 'Tickets are sold: this change is not possible.', 'event_has_sales', conflicts);
      }

      // The writes: each conditional on the sold counts it relies on.
      const updated = await trx
        .updateTable('events')
        .set({
          name: input.name,
          description: input.description,
          type_key: input.typeKey,
          start_date_time: start.toISOString(),
          end_date_time: end ? end.toISOString() : null,
          venue: input.venue,
          capacity: input.capacity,
          currency: input.currency,
          age_limit: input.ageLimit,
          audience: audienceOf(input.followersOnly),
          image_path: input.imagePath,
          updated_at: now.toISOString(),
        })
        .where('id', '=', input.id)
        .where('sold', '<=', input.capacity)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflict(CONFLICT_DETAIL['validation.capacityBelowSold'], 'event_has_sales');
      for (const tier of removed) {
        const deleted = await trx.deleteFrom('ticket_categories').where('id', '=', tier.id).where('sold', '=', 0).executeTakeFirst();
        if (Number(deleted.numDeletedRows) !== 1) throw conflict(CONFLICT_DETAIL['validation.tierHasSales'], 'tier_has_sales');
      }
      for (const [index, tier] of input.ticketCategories.entries()) {
        const values = {
          name: tier.name,
          description: tier.description,
          price_minor: tier.price,
          capacity: tier.capacity,
          sales_start: tier.salesStart ? new Date(tier.salesStart).toISOString() : null,
          sales_end: tier.salesEnd ? new Date(tier.salesEnd).toISOString() : null,
          sort: index + 1,
          // an editor that does not send the tier's rules keeps them
          ...(tier.hidden === undefined ? {} : { hidden: tier.hidden ? 1 : 0 }),
          ...(tier.maxPerOrder === undefined ? {} : { max_per_order: tier.maxPerOrder }),
          ...(tier.maxPerBuyer === undefined ? {} : { max_per_buyer: tier.maxPerBuyer }),
        };
        if (tier.id) {
          const result = await trx
            .updateTable('ticket_categories')
            .set(values)
            .where('id', '=', tier.id)
            .where('sold', '<=', tier.capacity)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw conflict(CONFLICT_DETAIL['validation.capacityBelowSold'], 'event_has_sales');
        } else {
          await trx
            .insertInto('ticket_categories')
            .values({ id: randomId(), event_id: input.id, sold: 0, ...values })
            .execute();
        }
      }
      const keptAddons = new Set(input.addons.map((addon) => addon.addonId).filter(Boolean));
      const removedAddons = addons.filter((addon) => !keptAddons.has(addon.id)).map((addon) => addon.id);
      if (removedAddons.length > 0) await trx.deleteFrom('event_addons').where('id', 'in', removedAddons).execute();
      for (const [index, addon] of input.addons.entries()) {
        const values = { name: addon.name, price_minor: addon.price, sort: index + 1 };
        if (addon.addonId) await trx.updateTable('event_addons').set(values).where('id', '=', addon.addonId).execute();
        else
          await trx
            .insertInto('event_addons')
            .values({ id: randomId(), event_id: input.id, ...values })
            .execute();
      }
      if (current.image_path !== input.imagePath) replacedImage = current.image_path;
      await offerFreeSeats?.(
        trx,
        input.ticketCategories.flatMap((tier) => (tier.id ? [tier.id] : [])),
      );
    });
    return { event: await read(input.id), replacedImage };
  }

  /** `DELETE /events/{id}`: only an event nobody bought a ticket for (else cancel it). */
  async function remove(firmId: string, id: string): Promise<{ image: string | null }> {
    return db.transaction().execute(async (trx) => {
      const current = await lockEvent(trx, firmId, id);
      if (current.sold > 0) {
        throw conflict('Tickets are sold for this event: cancel it instead, so that its buyers are told and refunded.', 'event_has_sales');
      }
      const deleted = await trx.deleteFrom('events').where('id', '=', id).where('sold', '=', 0).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) throw conflict('Tickets were sold meanwhile: cancel the event instead.', 'event_has_sales');
      return { image: current.image_path };
    });
  }

  /** `PATCH /events/{id}/status`: one of the moves of `statusRefusal`, checked on the locked row. */
  async function setStatus(firmId: string, id: string, statusCode: number): Promise<StatusChange> {
    const now = clock();
    const outcome = await db.transaction().execute(async (trx) => {
      const current = await lockEvent(trx, firmId, id);
      const refusal = statusRefusal(
        { statusCode: current.status_code, sold: current.sold, startDateTime: current.start_date_time },
        statusCode,
        now,
      );
      if (refusal === 'same') return { cancelled: null, firstPublished: false };
      if (refusal) throw conflict(STATUS_DETAIL[refusal], STATUS_CODE[refusal]);
      if (statusCode === EVENT_STATUS.PUBLISHED && current.name.trim() === '') {
        throw badRequest('Give the event a name before publishing it.', { name: ['validation.required'] });
      }
      const result = await trx
        .updateTable('events')
        .set({
          status_code: statusCode,
          updated_at: now.toISOString(),
          ...(statusCode === EVENT_STATUS.CANCELLED ? { cancelled_at: now.toISOString() } : {}),
          ...(statusCode === EVENT_STATUS.PUBLISHED && !current.published_at ? { published_at: now.toISOString() } : {}),
        })
        .where('id', '=', id)
        .where('status_code', '=', current.status_code)
        .$if(statusCode === EVENT_STATUS.DRAFT, (q) => q.where('sold', '=', 0))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw conflict(STATUS_DETAIL.has_sales, 'event_has_sales');
      return {
        // tickets void and unpaid orders cancelled in this same transaction
        cancelled: statusCode === EVENT_STATUS.CANCELLED ? await cancelSales(trx, id, now.toISOString()) : null,
        firstPublished: statusCode === EVENT_STATUS.PUBLISHED && !current.published_at && current.visibility === EVENT_VISIBILITY.PUBLIC,
      };
    });
    return { event: await read(id), ...outcome };
  }

  /** `PATCH /events/{id}/visibility`: public, unlisted or private (never private with buyers). */
  async function setVisibility(firmId: string, id: string, visibility: number): Promise<OwnerEvent> {
    const now = clock();
    await db.transaction().execute(async (trx) => {
      const current = await lockEvent(trx, firmId, id);
      if (current.visibility === visibility) return;
      const refusal = visibilityRefusal(
        { statusCode: current.status_code, sold: current.sold, startDateTime: current.start_date_time },
        visibility,
      );
      if (refusal === 'closed') throw conflict('This event is cancelled or over: it can no longer be changed.', 'event_closed');
      if (refusal === 'has_sales') {
        throw conflict('Tickets are sold: a private event would hide its page from its buyers.', 'event_has_sales');
      }
      await trx
        .updateTable('events')
        .set({ visibility, updated_at: now.toISOString() })
        .where('id', '=', id)
        .$if(visibility === EVENT_VISIBILITY.PRIVATE, (q) => q.where('sold', '=', 0))
        .execute();
    });
    return read(id);
  }

  /** `DELETE /ticket-tiers/{id}`: a category nobody bought (409 otherwise). */
  async function deleteTier(firmId: string, tierId: string): Promise<OwnerEvent> {
    const tier = await db.selectFrom('ticket_categories').select(['event_id']).where('id', '=', tierId).executeTakeFirst();
    if (!tier) throw notFound('Ticket category not found.');
    await db.transaction().execute(async (trx) => {
      const current = await lockEvent(trx, firmId, tier.event_id);
      if (!isEditable(current.status_code)) {
        throw conflict('This event is cancelled or over: it can no longer be changed.', 'event_closed');
      }
      const deleted = await trx.deleteFrom('ticket_categories').where('id', '=', tierId).where('sold', '=', 0).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) {
        const still = await trx.selectFrom('ticket_categories').select('id').where('id', '=', tierId).executeTakeFirst();
        if (!still) throw notFound('Ticket category not found.');
        throw conflict(CONFLICT_DETAIL['validation.tierHasSales'], 'tier_has_sales');
      }
      await trx.updateTable('events').set({ updated_at: clock().toISOString() }).where('id', '=', tier.event_id).execute();
    });
    return read(tier.event_id);
  }

  return { read, byShortId, list, createDraft, save, remove, setStatus, setVisibility, deleteTier };
}

const CONFLICT_DETAIL: Record<string, string> = {
  'validation.capacityBelowSold': 'More tickets are sold than this capacity: it cannot go below the tickets sold.',
  'validation.currencyAfterSales': 'Tickets are sold in this currency: it can no longer change.',
  'validation.priceBelowSold': 'Tickets of this category were sold at a higher price: it cannot go below what its buyers paid.',
  'validation.tierHasSales': 'Tickets of this category are sold: it cannot be deleted.',
};

const STATUS_DETAIL = {
  not_allowed: 'This status change is not possible.',
  has_sales: 'Tickets are sold: the event cannot go back to draft (cancel it instead).',
  not_started: 'The event has not started yet: it cannot be marked as ended.',
  in_past: 'The event’s start is in the past: move it to a later date before publishing.',
} as const;

const STATUS_CODE = {
  not_allowed: 'status_not_allowed',
  has_sales: 'event_has_sales',
  not_started: 'event_not_started',
  in_past: 'event_in_past',
} as const;
