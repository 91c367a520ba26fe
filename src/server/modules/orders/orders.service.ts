import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { HttpError, notFound } from '../../lib/errors';
import { paged } from '../../lib/paging';
import { paymentsOf, type AfterCommit, type PaymentRow, type Payments, type RefundRow } from '../../lib/payments';
import { formatMoney } from '../../../shared/dates';
import { normalizeLanguage, type Language } from '../../../shared/i18n';
import type { CheckoutAnswer, OrderDetail, OrderStatus, OrderSummary, Ticket } from '../../../shared/orders';
import type { Paged } from '../../../shared/paging';
import { EVENT_STATUS } from '../../../shared/owner-events';
import { FRIENDSHIP_STATUS } from '../../../shared/people';
import { purchaseTotal, type TicketCheckout } from '../../../shared/purchase';
import { productSale, VARIANT_LINE_COLUMNS } from './cart.service';
import { holdsOf, outOfStock, release, soldOut, take, type Hold } from './holds';
import { orderPaidMail, orderRefundedMail, ticketForYouMail } from './orders.mails';
import { orderReference, ticketCode } from './references';
import { ticketQuery, toTicket } from './ticket-views';
import { notify } from '../notifications/notify';
import { soleLeadership, type Leadership } from '../../lib/leader';

/**
 * Orders: checkout (tickets from the purchase form, or a firm's cart), the seats or stock a
 * pending order holds until it is paid or its hold ends, payment through the ledger
 * (lib/payments: this module is its 'order' subject), tickets issued on payment, the buyer's and
 * holders' reads, and passing a ticket to a friend.
 */

const PUBLISHED = 1;
const ACTIVE = 1;

export interface OrderServiceOptions {
  /** false only in the concurrency harness: see holds.ts */
  capacityGuard?: boolean;
}

type OrderRow = Database['orders'] extends infer T ? { [K in keyof T]: T[K] } : never;

const problem = (status: number, code: string, detail: string, errors?: Record<string, string[]>) =>
  new HttpError(status, detail, code, errors);

const hashOf = (value: unknown) => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** The event's date and time in the recipient's language, in the venue's time zone. */
export function venueTime(iso: string, timezone: string, language: Language): string {
  try {
    return new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : language, {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: timezone,
    }).format(new Date(iso));
  } catch {
    return new Date(iso).toUTCString();
  }
}

export function createOrderService(deps: AppDeps, options: OrderServiceOptions = {}) {
  const { db, clock, env, logger, mail } = deps;
  const payments: Payments = paymentsOf(deps);
  const now = () => clock().toISOString();
  const holdOptions = { capacityGuard: options.capacityGuard !== false, now };
  const { closePending, expireOverdue } = createHoldExpiry(db, clock);
  const holdUntil = () => new Date(clock().getTime() + env.ORDER_HOLD_SECONDS * 1000).toISOString();

  // ---- reading ------------------------------------------------------------------------------

  function summaryQuery(source: Kysely<Database> | Transaction<Database> = db) {
    return source
      .selectFrom('orders as o')
      .innerJoin('firms as f', 'f.id', 'o.firm_id')
      .innerJoin('users as b', 'b.id', 'o.buyer_id')
      .leftJoin('events as e', 'e.id', 'o.event_id')
      .select([
        'o.id',
        'o.reference',
        'b.first_name as buyerFirst',
        'b.last_name as buyerLast',
        'o.kind',
        'o.status',
        'o.buyer_id as buyerId',
        'o.event_id as eventId',
        'o.currency',
        'o.total_minor as totalMinor',
        'o.created_at as createdAt',
        'o.hold_expires_at as holdExpiresAt',
        'o.fulfilment',
        'o.language',
        'e.name as eventName',
        'e.short_id as eventShortId',
        'f.name as firmName',
        'f.username as firmUsername',
        (eb) =>
          eb
            .selectFrom('order_lines as l')
            .select((eb2) => eb2.fn.sum<number>('l.quantity').as('n'))
            .whereRef('l.order_id', '=', 'o.id')
            .where('l.kind', '!=', 'addon')
            .as('itemCount'),
      ]);
  }
  type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

  const toSummary = (row: SummaryRow): OrderSummary => ({
    id: row.id,
    reference: row.reference,
    kind: row.kind as OrderSummary['kind'],
    status: row.status as OrderStatus,
    title: row.eventName ?? row.firmName,
    firmName: row.firmName,
    firmUsername: row.firmUsername,
    currency: row.currency,
    totalMinor: row.totalMinor,
    itemCount: Number(row.itemCount ?? 0),
    createdAt: row.createdAt,
    holdExpiresAt: row.status === 'pending_payment' ? row.holdExpiresAt : null,
    fulfilment: row.status === 'paid' ? ((row.fulfilment as OrderSummary['fulfilment']) ?? null) : null,
  });

  async function list(buyerId: string, page: number, size: number): Promise<Paged<OrderSummary>> {
    await expireOverdue({ buyerId });
    const [count, rows] = await Promise.all([
      db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('buyer_id', '=', buyerId)
        .executeTakeFirstOrThrow(),
      summaryQuery()
        .where('o.buyer_id', '=', buyerId)
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(rows.map(toSummary), page, size, Number(count.n));
  }

  async function findOwn(buyerId: string, reference: string) {
    const row = await summaryQuery().where('o.reference', '=', reference).where('o.buyer_id', '=', buyerId).executeTakeFirst();
    // someone else's order is not found, never forbidden: references are not to be probed
    if (!row) throw notFound('Order not found.');
    return row;
  }

  /**
   * An order by reference: the whole of it for its buyer; for a friend who holds one of its
   * tickets, their tickets only (no lines, no total). Anyone else: not found.
   */
  async function detail(userId: string, reference: string): Promise<OrderDetail> {
    let row = await summaryQuery().where('o.reference', '=', reference).executeTakeFirst();
    if (!row) throw notFound('Order not found.');
    const role = row.buyerId === userId ? 'buyer' : 'holder';
    if (role === 'buyer' && row.status === 'pending_payment' && row.holdExpiresAt && row.holdExpiresAt <= now()) {
      await expireOverdue({ orderId: row.id });
      row = await findOwn(userId, reference);
    }
    let tickets = ticketQuery(db).where('t.order_id', '=', row.id).where('t.status', '!=', 'transferred');
    if (role === 'holder') tickets = tickets.where('t.holder_id', '=', userId).where('t.status', '=', 'active');
    const [lines, ticketRows, payment] = await Promise.all([
      role === 'buyer' ? db.selectFrom('order_lines').selectAll().where('order_id', '=', row.id).orderBy('sort').execute() : [],
      tickets.orderBy('t.created_at').orderBy('t.id').execute(),
      role === 'buyer' ? payments.latest('order', row.id) : undefined,
    ]);
    // someone else's order is not found, never forbidden: references are not to be probed
    if (role === 'holder' && ticketRows.length === 0) throw notFound('Order not found.');
    const pending = role === 'buyer' && row.status === 'pending_payment';
    const summary = toSummary(row);
    return {
      ...summary,
      ...(role === 'holder' ? { totalMinor: 0, itemCount: ticketRows.length, holdExpiresAt: null } : {}),
      role,
      buyerName: `${row.buyerFirst} ${row.buyerLast}`.trim(),
      eventShortId: row.eventShortId ?? null,
      lines: lines.map((l) => ({
        kind: l.kind as OrderDetail['lines'][number]['kind'],
        label: l.label,
        qty: l.quantity,
        unitPrice: l.unit_price_minor,
      })),
      tickets: await Promise.all(ticketRows.map((t) => toTicket(t, userId, clock()))),
      payment: payment
        ? {
            status: payment.status as NonNullable<OrderDetail['payment']>['status'],
            method: payment.method,
            failureCode: payment.failure_code,
          }
        : null,
      canPay: pending && row.totalMinor > 0,
      canCancel: pending,
    };
  }

  /** The tickets a user holds (bought by them or for them), soonest event first. */
  async function wallet(userId: string): Promise<{ tickets: Ticket[] }> {
    const rows = await ticketQuery(db)
      .where('t.holder_id', '=', userId)
      .where('t.status', '=', 'active')
      .orderBy('e.start_date_time')
      .orderBy('t.id')
      .execute();
    return { tickets: await Promise.all(rows.map((row) => toTicket(row, userId, clock()))) };
  }

  // ---- checkout -----------------------------------------------------------------------------

  async function areFriends(userId: string, others: string[]): Promise<Set<string>> {
    if (!others.length) return new Set();
    const rows = await db
      .selectFrom('friendships')
      .select(['requester_id', 'addressee_id'])
      .where('status', '=', FRIENDSHIP_STATUS.accepted)
      .where((eb) =>
        eb.or([
          eb.and([eb('requester_id', '=', userId), eb('addressee_id', 'in', others)]),
          eb.and([eb('addressee_id', '=', userId), eb('requester_id', 'in', others)]),
        ]),
      )
      .execute();
    return new Set(rows.map((r) => (r.requester_id === userId ? r.addressee_id : r.requester_id)));
  }

  interface NewOrder {
    buyerId: string;
    firmId: string;
    kind: 'tickets' | 'shop';
    eventId: string | null;
    currency: string;
    total: number;
    idempotencyKey: string;
    requestHash: string;
    language: Language;
    lines: {
      kind: string;
      itemId: string;
      label: string;
      unitPrice: number;
      quantity: number;
      variant?: { id: string; name: string } | null;
    }[];
    holds: Hold[];
    holderIds: string[];
    categoryId?: string;
  }

  /** A replay of the same Idempotency-Key: the same order, or a refusal when the request differs. */
  function replayOf(existing: { request_hash: string }, requestHash: string) {
    if (existing.request_hash !== requestHash) {
      throw problem(422, 'idempotency_key_reused', 'This Idempotency-Key was used for a different purchase. Start the purchase again.');
    }
  }

  /**
   * The order, its lines, its tickets (reserved) and its holds, in one transaction: the order row
   * first (so a concurrent request with the same Idempotency-Key waits for this one and then finds
   * it), then the conditional UPDATEs that take capacity; if one fails, everything rolls back.
   */
  async function createOrder(order: NewOrder): Promise<{ row: OrderRow; created: boolean }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const reference = orderReference();
      const result = await db.transaction().execute(async (trx) => {
        const id = crypto.randomUUID();
        const inserted = await trx
          .insertInto('orders')
          .values({
            id,
            reference,
            buyer_id: order.buyerId,
            firm_id: order.firmId,
            kind: order.kind,
            event_id: order.eventId,
            status: 'pending_payment',
            currency: order.currency,
            total_minor: order.total,
            hold_expires_at: holdUntil(),
            idempotency_key: order.idempotencyKey,
            request_hash: order.requestHash,
            language: order.language,
            created_at: now(),
            updated_at: now(),
            paid_at: null,
          })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
          const existing = await trx
            .selectFrom('orders')
            .selectAll()
            .where('buyer_id', '=', order.buyerId)
            .where('idempotency_key', '=', order.idempotencyKey)
            .executeTakeFirst();
          // not the same key: the reference was taken, try another one
          return existing ? { row: existing, created: false } : null;
        }
        if (!(await take(trx, order.holds, holdOptions))) {
          throw order.kind === 'tickets' ? soldOut() : outOfStock(order.lines.find((l) => l.kind === 'product')?.label ?? '');
        }
        if (order.lines.length) {
          await trx
            .insertInto('order_lines')
            .values(
              order.lines.map((line, index) => ({
                id: crypto.randomUUID(),
                order_id: id,
                kind: line.kind,
                item_id: line.itemId,
                label: line.label,
                unit_price_minor: line.unitPrice,
                quantity: line.quantity,
                sort: index,
                variant_id: line.variant?.id ?? null,
                variant_name: line.variant?.name ?? null,
              })),
            )
            .execute();
        }
        if (order.holderIds.length) {
          await trx
            .insertInto('tickets')
            .values(
              order.holderIds.map((holderId, index) => ({
                id: crypto.randomUUID(),
                order_id: id,
                event_id: order.eventId!,
                category_id: order.categoryId!,
                holder_id: holderId,
                code: ticketCode(),
                status: 'reserved',
                transferred_from: null,
                created_at: new Date(clock().getTime() + index).toISOString(),
                updated_at: now(),
              })),
            )
            .execute();
        }
        const row = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        return { row, created: true };
      });
      if (result) return result;
    }
    throw new Error('could not find a free order reference');
  }

  async function buyerOf(buyerId: string) {
    return db.selectFrom('users').select(['id', 'email', 'first_name', 'language']).where('id', '=', buyerId).executeTakeFirstOrThrow();
  }

  /** Sends the payer to the payment step of the order's current attempt, or a new one. */
  async function paymentFor(order: OrderRow, fresh: boolean): Promise<string | null> {
    if (order.total_minor === 0 || order.status !== 'pending_payment') return null;
    // the attempts and the latest of them in one read (one snapshot): read apart, a checkout sent
    // twice at once could see no attempt yet and then the other's, and start a second payment
    const attempts = await db
      .selectFrom('payments')
      .select(['status', 'redirect_url'])
      .where('subject_type', '=', 'order')
      .where('subject_id', '=', order.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const latest = attempts[0];
    if (latest && !fresh && (latest.status === 'pending' || latest.status === 'failed')) return latest.redirect_url;
    const buyer = await buyerOf(order.buyer_id);
    const title = order.event_id
      ? ((await db.selectFrom('events').select('name').where('id', '=', order.event_id).executeTakeFirst())?.name ?? order.reference)
      : ((await db.selectFrom('firms').select('name').where('id', '=', order.firm_id).executeTakeFirst())?.name ?? order.reference);
    const payment = await payments.start({
      subjectType: 'order',
      subjectId: order.id,
      reference: order.reference,
      amountMinor: order.total_minor,
      currency: order.currency,
      description: title,
      returnPath: `/profile/orders/${order.reference}?from=payment`,
      cancelPath: `/profile/orders/${order.reference}?from=payment&cancelled=1`,
      language: normalizeLanguage(order.language),
      customerEmail: buyer.email ?? undefined,
      metadata: { orderId: order.id, reference: order.reference },
      attemptKey: String(attempts.length + 1),
    });
    return payment.redirect_url;
  }

  async function answer(row: OrderRow, created: boolean): Promise<CheckoutAnswer & { created: boolean }> {
    let current = row;
    if (created && row.total_minor === 0) {
      await settlePaid(row.id);
      current = await db.selectFrom('orders').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    }
    const summary = toSummary(await summaryQuery().where('o.id', '=', current.id).executeTakeFirstOrThrow());
    return { order: summary, redirectUrl: await paymentFor(current, false), created };
  }

  async function checkoutTickets(buyerId: string, input: TicketCheckout, idempotencyKey: string, language: string) {
    const requestHash = hashOf({ kind: 'tickets', ...input, addons: [...input.addons].sort((a, b) => a.addonId.localeCompare(b.addonId)) });
    const prior = await db
      .selectFrom('orders')
      .selectAll()
      .where('buyer_id', '=', buyerId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    if (prior) {
      replayOf(prior, requestHash);
      return answer(prior, false);
    }
    const event = await db
      .selectFrom('events as e')
      .innerJoin('firms as f', 'f.id', 'e.firm_id')
      .select(['e.id', 'e.firm_id', 'e.name', 'e.currency', 'e.start_date_time', 'e.status_code', 'f.status_code as firmStatus'])
      .where('e.id', '=', input.eventId)
      .executeTakeFirst();
    if (!event) throw notFound('Event not found.');
    if (event.status_code !== PUBLISHED || event.firmStatus !== ACTIVE || event.start_date_time <= now()) {
      throw problem(409, 'event_closed', 'Tickets for this event are no longer on sale.');
    }
    const category = await db
      .selectFrom('ticket_categories')
      .select(['id', 'name', 'price_minor', 'sold', 'capacity'])
      .where('id', '=', input.categoryId)
      .where('event_id', '=', event.id)
      .executeTakeFirst();
    if (!category)
      throw problem(422, 'unknown_category', 'This ticket tier is not one of this event.', { categoryId: ['Not a tier of this event.'] });
    // Without the guard (the harness only), the classic mistake: decide on what was read here and
    // write later. With it, this read decides nothing: the conditional UPDATE does.
    if (!holdOptions.capacityGuard) {
      if (category.sold + input.holderIds.length > category.capacity) throw soldOut();
      // SQLite's driver is synchronous: a request would otherwise run from this read to its commit
      // without letting another in. A real gap (a provider call, a second process on the file)
      // is one turn of the event loop here.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const addonIds = input.addons.map((a) => a.addonId);
    const addons = addonIds.length
      ? await db
          .selectFrom('event_addons')
          .select(['id', 'name', 'price_minor'])
          .where('event_id', '=', event.id)
          .where('id', 'in', addonIds)
          .execute()
      : [];
    if (addons.length !== addonIds.length) {
      throw problem(422, 'unknown_addon', 'An add-on is not one of this event.', { addons: ['Not an add-on of this event.'] });
    }
    const others = input.holderIds.filter((id) => id !== buyerId);
    const friends = await areFriends(buyerId, others);
    const strangers = others.filter((id) => !friends.has(id));
    if (strangers.length) {
      throw problem(422, 'not_a_friend', 'Tickets can be bought for friends only.', {
        holderIds: strangers.map((id) => `${id} is not your friend.`),
      });
    }
    const chosen = input.addons.map((a) => ({ ...a, addon: addons.find((row) => row.id === a.addonId)! }));
    const total = purchaseTotal(
      category.price_minor,
      input.holderIds.length,
      chosen.map((a) => ({ price: a.addon.price_minor, quantity: a.quantity })),
    );
    if (input.currency !== event.currency || input.expectedTotal !== total) {
      throw problem(
        409,
        'price_changed',
        `The price changed since the form was loaded: the total is now ${formatMoney(total, event.currency)}.`,
        {
          expectedTotal: [String(total)],
        },
      );
    }
    await expireOverdue({ eventId: event.id });
    const { row, created } = await createOrder({
      buyerId,
      firmId: event.firm_id,
      kind: 'tickets',
      eventId: event.id,
      currency: event.currency,
      total,
      idempotencyKey,
      requestHash,
      language: normalizeLanguage(language),
      lines: [
        { kind: 'ticket', itemId: category.id, label: category.name, unitPrice: category.price_minor, quantity: input.holderIds.length },
        ...chosen.map((a) => ({
          kind: 'addon',
          itemId: a.addon.id,
          label: a.addon.name,
          unitPrice: a.addon.price_minor,
          quantity: a.quantity,
        })),
      ],
      holds: [{ kind: 'seats', itemId: category.id, eventId: event.id, quantity: input.holderIds.length }],
      holderIds: input.holderIds,
      categoryId: category.id,
    });
    if (!created) replayOf(row, requestHash);
    return answer(row, created);
  }

  /** Checkout of a firm's cart: the same order and payment flow, stock taken like seats. */
  async function checkoutCart(
    buyerId: string,
    firmId: string,
    input: { expectedTotal: number; currency: string },
    idempotencyKey: string,
    language: string,
  ) {
    const items = await cartLines(buyerId, firmId);
    const requestHash = hashOf({
      kind: 'shop',
      firmId,
      input,
      items: items.map((i) => [i.itemType, i.itemId, i.variant?.id ?? '', i.quantity]),
    });
    const prior = await db
      .selectFrom('orders')
      .selectAll()
      .where('buyer_id', '=', buyerId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    if (prior) {
      // the cart is emptied once paid: a replay is judged by its key and firm only
      if (prior.firm_id !== firmId || prior.kind !== 'shop') replayOf(prior, requestHash);
      return answer(prior, false);
    }
    if (!items.length) throw problem(422, 'cart_empty', 'Your cart for this shop is empty.');
    const unavailable = items.filter((i) => !i.available);
    if (unavailable.length) {
      throw problem(422, 'item_unavailable', `No longer available: ${unavailable.map((i) => i.name).join(', ')}.`, {
        items: unavailable.map((i) => `${i.name} is no longer available.`),
      });
    }
    const currency = items[0].currency;
    const total = items.reduce((sum, i) => sum + i.price * i.quantity, 0);
    if (items.some((i) => i.currency !== currency) || input.currency !== currency || input.expectedTotal !== total) {
      throw problem(
        409,
        'price_changed',
        `The price changed since the cart was loaded: the total is now ${formatMoney(total, currency)}.`,
        {
          expectedTotal: [String(total)],
        },
      );
    }
    const { row, created } = await createOrder({
      buyerId,
      firmId,
      kind: 'shop',
      eventId: null,
      currency,
      total,
      idempotencyKey,
      requestHash,
      language: normalizeLanguage(language),
      lines: items.map((i) => ({
        kind: i.itemType,
        itemId: i.itemId,
        // the label keeps the variant's name at purchase time: "Product — Size L" wherever the order is shown
        label: i.variant ? `${i.name} — ${i.variant.name}` : i.name,
        unitPrice: i.price,
        quantity: i.quantity,
        variant: i.variant,
      })),
      holds: items
        .filter((i) => i.itemType === 'product')
        .map((i) => ({ kind: 'stock', itemId: i.itemId, variantId: i.variant?.id ?? null, quantity: i.quantity })),
      holderIds: [],
    });
    return answer(row, created);
  }

  /** A user's cart lines for one firm, at today's prices, with whether each can still be ordered. */
  async function cartLines(userId: string, firmId: string) {
    const [products, menuItems, firm] = await Promise.all([
      db
        .selectFrom('cart_items as ci')
        .innerJoin('products as p', 'p.id', 'ci.item_id')
        .leftJoin('product_variants as v', (join) => join.onRef('v.id', '=', 'ci.variant_id').onRef('v.product_id', '=', 'p.id'))
        .select([
          'ci.item_id',
          'ci.quantity',
          'p.name',
          'p.price_minor as price',
          'p.stock',
          'p.sold',
          'p.track_stock as trackStock',
          'p.currency',
          'p.published',
          ...VARIANT_LINE_COLUMNS,
          (eb) =>
            eb.exists(eb.selectFrom('product_variants as pv').select('pv.id').whereRef('pv.product_id', '=', 'p.id')).as('hasVariants'),
        ])
        .where('ci.user_id', '=', userId)
        .where('ci.firm_id', '=', firmId)
        .where('ci.item_type', '=', 'product')
        .orderBy('ci.added_at')
        .execute(),
      db
        .selectFrom('cart_items as ci')
        .innerJoin('menu_items as m', 'm.id', 'ci.item_id')
        .innerJoin('menus as mn', 'mn.id', 'm.menu_id')
        .select(['ci.item_id', 'ci.quantity', 'm.name', 'm.price_minor', 'm.currency', 'm.available', 'mn.published'])
        .where('ci.user_id', '=', userId)
        .where('ci.firm_id', '=', firmId)
        .where('ci.item_type', '=', 'menu_item')
        .orderBy('ci.added_at')
        .execute(),
      db.selectFrom('firms').select(['status_code', 'takes_orders']).where('id', '=', firmId).executeTakeFirst(),
    ]);
    const open = firm?.status_code === ACTIVE;
    return [
      ...products.map((p) => {
        const sale = productSale(p);
        return {
          itemType: 'product' as const,
          itemId: p.item_id,
          name: p.name,
          variant: p.variantId ? { id: p.variantId, name: p.variantName! } : null,
          price: sale.price,
          currency: p.currency,
          quantity: p.quantity,
          // stock is checked where it is taken (a conditional UPDATE): out_of_stock, 409; one hidden since is not sold,
          // nor a line whose variant went (or a product that has variants now, in the cart without one)
          available: open && p.published === 1 && sale.sellable,
        };
      }),
      ...menuItems.map((m) => ({
        itemType: 'menu_item' as const,
        itemId: m.item_id,
        name: m.name,
        variant: null,
        price: m.price_minor,
        currency: m.currency,
        quantity: m.quantity,
        available: open && m.available === 1 && m.published === 1 && firm?.takes_orders === 1,
      })),
    ];
  }

  // ---- paying -------------------------------------------------------------------------------

  async function pay(buyerId: string, reference: string): Promise<CheckoutAnswer> {
    const summary = await findOwn(buyerId, reference);
    await expireOverdue({ orderId: summary.id });
    const order = await db.selectFrom('orders').selectAll().where('id', '=', summary.id).executeTakeFirstOrThrow();
    if (order.status !== 'pending_payment' || order.total_minor === 0) {
      throw problem(
        409,
        'order_not_payable',
        order.status === 'expired'
          ? 'The hold on this order has ended: its places went back on sale.'
          : 'This order is not waiting for a payment.',
      );
    }
    const latest = await payments.latest('order', order.id);
    const redirectUrl = await paymentFor(order, latest?.status === 'canceled');
    return { order: toSummary(await findOwn(buyerId, reference)), redirectUrl };
  }

  /** The payer is back from the payment step: ask the provider (the webhook may not have come yet). */
  async function confirm(buyerId: string, reference: string): Promise<OrderDetail> {
    const summary = await findOwn(buyerId, reference);
    const latest = await payments.latest('order', summary.id);
    if (latest && (latest.status === 'pending' || latest.status === 'failed')) {
      try {
        await payments.sync(latest.id);
      } catch (error) {
        // the provider is unreachable: the webhook will tell, the page keeps asking
        logger.warn({ err: error, reference }, 'payment status could not be read from the provider');
      }
    }
    return detail(buyerId, reference);
  }

  async function cancel(buyerId: string, reference: string): Promise<OrderDetail> {
    const summary = await findOwn(buyerId, reference);
    const closed = await closePending(summary.id, 'cancelled');
    if (!closed && summary.status !== 'cancelled')
      throw problem(409, 'order_not_payable', 'Only an order waiting for its payment can be cancelled.');
    return detail(buyerId, reference);
  }

  // ---- what the ledger tells us ---------------------------------------------------------------

  /** pending → paid in this transaction: tickets valid, the cart emptied; mails after commit. */
  async function markPaid(trx: Transaction<Database>, orderId: string, fromStatus: string): Promise<AfterCommit | undefined> {
    const moved = await trx
      .updateTable('orders')
      .set({ status: 'paid', paid_at: now(), updated_at: now(), hold_expires_at: null })
      .where('id', '=', orderId)
      .where('status', '=', fromStatus)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return undefined;
    await trx
      .updateTable('tickets')
      .set({ status: 'active', updated_at: now() })
      .where('order_id', '=', orderId)
      .where('status', 'in', ['reserved', 'void'])
      .execute();
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    if (order.kind === 'shop') {
      const lines = await trx.selectFrom('order_lines').select(['kind', 'item_id', 'variant_id']).where('order_id', '=', orderId).execute();
      if (lines.length) {
        // the lines bought (a product's other variants, added since, stay)
        await trx
          .deleteFrom('cart_items')
          .where('user_id', '=', order.buyer_id)
          .where('firm_id', '=', order.firm_id)
          .where((eb) => eb.or(lines.map((l) => eb.and([eb('item_id', '=', l.item_id), eb('variant_id', '=', l.variant_id ?? '')]))))
          .execute();
      }
    }
    return () => Promise.all([sendPaidMails(orderId), notifyPaid(orderId)]);
  }

  /** An order with nothing to pay (free tickets) is paid at once. */
  async function settlePaid(orderId: string) {
    let after: AfterCommit | undefined;
    await db.transaction().execute(async (trx) => {
      after = await markPaid(trx, orderId, 'pending_payment');
    });
    await after?.();
  }

  // a durable job written with the payment's change: the money goes back even if this process dies now
  const refundLater = (trx: Transaction<Database>, payment: PaymentRow, reason: string) =>
    payments.refundLater(trx, { paymentId: payment.id, reason, idempotencyKey: `${reason}:${payment.id}` });

  payments.handle('order', {
    async succeeded(trx, payment) {
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', payment.subject_id).executeTakeFirst();
      if (!order) return;
      if (order.status === 'pending_payment') return markPaid(trx, order.id, 'pending_payment');
      if (order.status === 'expired' || order.status === 'cancelled') {
        // paid after its hold ended: take the places again if they are still there and the event still
        // takes buyers (not cancelled or ended meanwhile), else give the money back
        const holds = await holdsOf(trx, order.id, order.event_id);
        const event = order.event_id
          ? await trx.selectFrom('events').select(['start_date_time', 'status_code']).where('id', '=', order.event_id).executeTakeFirst()
          : undefined;
        const stillOnSale = !order.event_id || (event?.status_code === EVENT_STATUS.PUBLISHED && event.start_date_time > now());
        if (stillOnSale && (await take(trx, holds, { capacityGuard: true, now }))) {
          return markPaid(trx, order.id, order.status);
        }
        return refundLater(trx, payment, 'late_payment');
      }
      // already paid by another attempt (two tabs), or refunded: this payment goes back
      return refundLater(trx, payment, 'duplicate_payment');
    },
    async refunded(trx, payment, refund: RefundRow) {
      if (payment.refunded_minor < payment.amount_minor) return;
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', payment.subject_id).executeTakeFirst();
      if (!order) return;
      // a duplicate payment of a paid order went back: the order stays as it is
      if (order.status === 'paid' && refund.reason === 'duplicate_payment') return;
      const moved = await trx
        .updateTable('orders')
        .set({ status: 'refunded', updated_at: now() })
        .where('id', '=', order.id)
        .where('status', 'in', ['paid', 'expired', 'cancelled'])
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return;
      if (order.status === 'paid') await release(trx, await holdsOf(trx, order.id, order.event_id), now);
      await trx
        .updateTable('tickets')
        .set({ status: 'void', updated_at: now() })
        .where('order_id', '=', order.id)
        .where('status', '!=', 'transferred')
        .execute();
      return () => sendRefundedMail(order.id, refund);
    },
  });

  // ---- mails ----------------------------------------------------------------------------------

  async function sendPaidMails(orderId: string) {
    const order = await db
      .selectFrom('orders as o')
      .innerJoin('firms as f', 'f.id', 'o.firm_id')
      .leftJoin('events as e', 'e.id', 'o.event_id')
      .select([
        'o.reference',
        'o.buyer_id',
        'o.total_minor',
        'o.currency',
        'o.kind',
        'e.name as eventName',
        'e.start_date_time as start',
        'f.name as firmName',
        'f.timezone',
        'f.address_line as address',
        'f.city',
      ])
      .where('o.id', '=', orderId)
      .executeTakeFirstOrThrow();
    const buyer = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email', 'language'])
      .where('id', '=', order.buyer_id)
      .executeTakeFirstOrThrow();
    const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('sort').execute();
    const holders = await db
      .selectFrom('tickets as t')
      .innerJoin('users as u', 'u.id', 't.holder_id')
      .select(['u.id', 'u.first_name', 'u.email', 'u.language'])
      .where('t.order_id', '=', orderId)
      .where('t.status', '=', 'active')
      .execute();
    const buyerLanguage = normalizeLanguage(buyer.language);
    const money = (minor: number, language: Language) => formatMoney(minor, order.currency, language);
    const title = order.eventName ?? order.firmName;
    const sends: Promise<void>[] = [];
    if (buyer.email) {
      sends.push(
        mail.send({
          to: buyer.email,
          language: buyerLanguage,
          template: orderPaidMail,
          params: {
            firstName: buyer.first_name,
            reference: order.reference,
            title,
            when: order.start ? venueTime(order.start, order.timezone, buyerLanguage) : null,
            lines: lines.map(
              (l) =>
                [l.quantity > 1 ? `${l.label} x ${l.quantity}` : l.label, money(l.unit_price_minor * l.quantity, buyerLanguage)] as const,
            ),
            total: money(order.total_minor, buyerLanguage),
            url: `${env.publicUrl}/profile/orders/${order.reference}`,
            forFriends: holders.some((h) => h.id !== order.buyer_id),
          },
        }),
      );
    }
    for (const holder of holders) {
      if (holder.id === order.buyer_id || !holder.email || !order.start) continue;
      const language = normalizeLanguage(holder.language);
      sends.push(
        mail.send({
          to: holder.email,
          language,
          template: ticketForYouMail,
          params: {
            firstName: holder.first_name,
            fromName: `${buyer.first_name} ${buyer.last_name}`.trim(),
            transfer: false,
            event: title,
            when: venueTime(order.start, order.timezone, language),
            venue: [order.firmName, order.address, order.city].filter(Boolean).join(', '),
            reference: order.reference,
            url: `${env.publicUrl}/profile/orders`,
          },
        }),
      );
    }
    const results = await Promise.allSettled(sends);
    for (const result of results) if (result.status === 'rejected') logger.error({ err: result.reason, orderId }, 'order mail failed');
  }

  /** In-app and push: the buyer's order is confirmed; each friend got a ticket (their mails go separately). */
  async function notifyPaid(orderId: string) {
    const order = await summaryQuery().where('o.id', '=', orderId).executeTakeFirstOrThrow();
    if (order.kind !== 'tickets' || !order.eventName) return;
    const holders = await db
      .selectFrom('tickets')
      .select('holder_id')
      .where('order_id', '=', orderId)
      .where('status', '=', 'active')
      .where('holder_id', '!=', order.buyerId)
      .execute();
    await notify(deps, {
      to: order.buyerId,
      kind: 'ticket.purchased',
      params: { eventName: order.eventName, orderReference: order.reference },
    });
    if (holders.length) {
      await notify(deps, {
        to: holders.map((h) => h.holder_id),
        kind: 'ticket.transferred',
        params: { eventName: order.eventName, fromName: `${order.buyerFirst} ${order.buyerLast}`.trim(), orderReference: order.reference },
        actorId: order.buyerId,
      });
    }
  }

  async function sendRefundedMail(orderId: string, refund: RefundRow) {
    const row = await summaryQuery().where('o.id', '=', orderId).executeTakeFirstOrThrow();
    const buyer = await buyerOf(row.buyerId);
    if (!buyer.email) return;
    const language = normalizeLanguage(buyer.language);
    await mail.send({
      to: buyer.email,
      language,
      template: orderRefundedMail,
      params: {
        firstName: buyer.first_name,
        reference: row.reference,
        title: row.eventName ?? row.firmName,
        amount: formatMoney(refund.amount_minor, row.currency, language),
        reason: refund.reason === 'late_payment' ? 'late_payment' : 'other',
        url: `${env.publicUrl}/profile/orders/${row.reference}`,
      },
    });
  }

  return { list, detail, wallet, checkoutTickets, checkoutCart, cartLines, pay, confirm, cancel, expireOverdue, areFriends };
}

export type OrderService = ReturnType<typeof createOrderService>;

/**
 * Ending holds: a pending order whose hold is due (or that its buyer cancels) closes and gives its
 * seats or stock back, once (a conditional UPDATE on its status). Checkout, reads and a sweeper
 * (startHoldSweeper) call it.
 */
function createHoldExpiry(db: Kysely<Database>, clock: () => Date) {
  const now = () => clock().toISOString();
  /** pending_payment → expired | cancelled, giving its seats or stock back; false when it was not pending. */
  async function closePending(orderId: string, status: 'expired' | 'cancelled', onlyIfDue = false): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      let update = trx
        .updateTable('orders')
        .set({ status, updated_at: now() })
        .where('id', '=', orderId)
        .where('status', '=', 'pending_payment');
      if (onlyIfDue) update = update.where('hold_expires_at', '<=', now());
      const moved = await update.executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return false;
      const order = await trx.selectFrom('orders').select(['event_id']).where('id', '=', orderId).executeTakeFirstOrThrow();
      await release(trx, await holdsOf(trx, orderId, order.event_id), now);
      await trx
        .updateTable('tickets')
        .set({ status: 'void', updated_at: now() })
        .where('order_id', '=', orderId)
        .where('status', '=', 'reserved')
        .execute();
      return true;
    });
  }

  /** Ends the holds that are due (of one event, buyer or order, or all): their seats go back on sale. */
  async function expireOverdue(scope: { eventId?: string; buyerId?: string; orderId?: string } = {}): Promise<number> {
    let query = db.selectFrom('orders').select('id').where('status', '=', 'pending_payment').where('hold_expires_at', '<=', now());
    if (scope.eventId) query = query.where('event_id', '=', scope.eventId);
    if (scope.buyerId) query = query.where('buyer_id', '=', scope.buyerId);
    if (scope.orderId) query = query.where('id', '=', scope.orderId);
    const due = await query.limit(500).execute();
    let expired = 0;
    for (const { id } of due) if (await closePending(id, 'expired', true)) expired += 1;
    return expired;
  }

  return { closePending, expireOverdue };
}

/** Every 30 s, ends the holds that are due (checkout and reads also do it for what they touch). */
/** Every 30 s, on the one process that leads the job (lib/leader.ts; the embedded process always does). */
export function startHoldSweeper(
  db: Kysely<Database>,
  clock: () => Date,
  logger: Logger,
  leadership: Leadership = soleLeadership,
): () => void {
  const { expireOverdue } = createHoldExpiry(db, clock);
  const timer = setInterval(() => {
    leadership
      .isLeader('hold-sweeper')
      .then((leader) => (leader ? expireOverdue() : undefined))
      .catch((error: unknown) => logger.error({ err: error }, 'expiring order holds failed'));
  }, 30_000);
  timer.unref();
  return () => clearInterval(timer);
}
