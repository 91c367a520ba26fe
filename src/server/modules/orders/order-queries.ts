import { legalLineOf } from '../firm-legal/firm-legal.service';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { paged } from '../../lib/paging';
import type { OrderDetail, OrderStatus, OrderSummary, Ticket } from '../../../shared/orders';
import type { Paged } from '../../../shared/paging';
import type { OrderContext } from './order-context';
import { refundsOf } from './refunds';
import { ticketQuery, toTicket } from './ticket-views';
import { kitchenStatusOf } from '../kitchen/kitchen-tickets';
import { orderContents } from '../../../shared/order-wording';
import { orderHandover } from './handover';

/** Reading orders: the buyer's list, one order (the buyer's whole view, a ticket holder's part of it), the wallet. */

export function summaryQuery(source: Kysely<Database> | Transaction<Database>) {
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
      'o.refunded_minor as refundedMinor',
      'o.discount_minor as discountMinor',
      'o.promo_code as promoCode',
      'o.created_at as createdAt',
      'o.hold_expires_at as holdExpiresAt',
      'o.fulfilment',
      'o.language',
      'o.table_label as tableLabel',
      'o.pay_at_counter as payAtCounter',
      'e.name as eventName',
      'e.short_id as eventShortId',
      'f.name as firmName',
      'f.username as firmUsername',
      'f.legal_name',
      'f.registration_id',
      'f.tax_id',
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

export const toSummary = (row: SummaryRow): OrderSummary => ({
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
  table: row.tableLabel,
  payAtCounter: row.payAtCounter === 1,
});

type PaymentView = OrderDetail['payment'];
const toPaymentView = (payment: { status: string; method: string | null; failure_code: string | null } | undefined): PaymentView =>
  payment
    ? { status: payment.status as NonNullable<PaymentView>['status'], method: payment.method, failureCode: payment.failure_code }
    : null;

/** Orders that never became a purchase. */
const NEVER_BOUGHT = ['expired', 'cancelled'];

export function createOrderQueries(ctx: OrderContext) {
  const { db, clock, now, payments, expireOverdue } = ctx;

  /** Orders as their buyers see them: a sale at the till is the firm's (its seller is written as its buyer), not a purchase. */
  const purchases = () => summaryQuery(db).where('o.kind', '!=', 'till');

  /**
   * The buyer's orders, newest first. A checkout left unpaid (expired) or called off before paying
   * (cancelled) was never a purchase: it stays reachable by its reference, not in the list.
   */
  async function list(buyerId: string, page: number, size: number): Promise<Paged<OrderSummary>> {
    await expireOverdue({ buyerId });
    const [count, rows] = await Promise.all([
      db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('buyer_id', '=', buyerId)
        .where('kind', '!=', 'till')
        .where('status', 'not in', NEVER_BOUGHT)
        .executeTakeFirstOrThrow(),
      purchases()
        .where('o.buyer_id', '=', buyerId)
        .where('o.status', 'not in', NEVER_BOUGHT)
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(rows.map(toSummary), page, size, Number(count.n));
  }

  async function findOwn(buyerId: string, reference: string) {
    const row = await purchases().where('o.reference', '=', reference).where('o.buyer_id', '=', buyerId).executeTakeFirst();
    // someone else's order is not found, never forbidden: references are not to be probed
    if (!row) throw notFound('Order not found.');
    return row;
  }

  /** The order as its reader may see it, its overdue hold ended first when the reader is its buyer. */
  async function readable(userId: string, reference: string) {
    const row = await purchases().where('o.reference', '=', reference).executeTakeFirst();
    if (!row) throw notFound('Order not found.');
    const role = row.buyerId === userId ? ('buyer' as const) : ('holder' as const);
    if (role === 'buyer' && row.status === 'pending_payment' && row.holdExpiresAt && row.holdExpiresAt <= now()) {
      await expireOverdue({ orderId: row.id });
      return { role, row: await findOwn(userId, reference) };
    }
    return { role, row };
  }

  /**
   * An order by reference: the whole of it for its buyer; for a friend who holds one of its
   * tickets, their tickets only (no lines, no total). Anyone else: not found.
   */
  async function detail(userId: string, reference: string): Promise<OrderDetail> {
    const { role, row } = await readable(userId, reference);
    let tickets = ticketQuery(db).where('t.order_id', '=', row.id).where('t.status', '!=', 'transferred');
    if (role === 'holder') tickets = tickets.where('t.holder_id', '=', userId).where('t.status', '=', 'active');
    const buyer = role === 'buyer';
    const [lines, ticketRows, payment, refunds, kitchenStatus, handover] = await Promise.all([
      buyer ? db.selectFrom('order_lines').selectAll().where('order_id', '=', row.id).orderBy('sort').execute() : [],
      tickets.orderBy('t.created_at').orderBy('t.id').execute(),
      buyer ? payments.latest('order', row.id) : undefined,
      buyer ? refundsOf(db, row.id) : [],
      buyer && (row.status === 'paid' || row.payAtCounter === 1) ? kitchenStatusOf(db, row.id) : null,
      buyer ? orderHandover(db, row.id) : null,
    ]);
    // someone else's order is not found, never forbidden: references are not to be probed
    if (role === 'holder' && ticketRows.length === 0) throw notFound('Order not found.');
    const pending = role === 'buyer' && row.status === 'pending_payment';
    return {
      ...toSummary(row),
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
      tickets: await Promise.all(ticketRows.map((t) => toTicket(db, t, userId, clock()))),
      payment: toPaymentView(payment),
      canPay: pending && row.totalMinor > 0 && row.payAtCounter !== 1,
      canCancel: pending && row.payAtCounter !== 1,
      refundedMinor: buyer ? row.refundedMinor : 0,
      refunds,
      kitchenStatus,
      contents: orderContents(lines.map((l) => l.kind)),
      handover,
      discount: buyer && row.promoCode ? { code: row.promoCode, amountMinor: row.discountMinor } : null,
      seller: buyer ? legalLineOf(row) : null,
    };
  }

  /**
   * The tickets a user holds (bought by them or for them), soonest event first. Not those sold at the till:
   * the seller holds a walk-in's tickets, and the walk-in took them on the receipt.
   */
  async function wallet(userId: string): Promise<{ tickets: Ticket[] }> {
    const rows = await ticketQuery(db)
      .where('t.holder_id', '=', userId)
      .where('o.kind', '!=', 'till')
      .where('t.status', '=', 'active')
      .orderBy('e.start_date_time')
      .orderBy('t.id')
      .execute();
    return { tickets: await Promise.all(rows.map((row) => toTicket(db, row, userId, clock()))) };
  }

  return { list, findOwn, detail, wallet };
}

export type OrderQueries = ReturnType<typeof createOrderQueries>;
