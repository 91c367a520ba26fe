import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { jobsOf } from '../../lib/jobs';
import { paymentsOf } from '../../lib/payments';
import { formatMoney } from '../../../shared/dates';
import { normalizeLanguage } from '../../../shared/i18n';
import type { OrderRefund, RefundInput } from '../../../shared/orders';
import { refundOfUnits } from '../../../shared/promotions';
import { notify } from '../notifications/notify';
import { createWaitlistOffers } from '../waitlist/offers';
import { release, type Hold } from './holds';
import type { OrderRow } from './order-context';
import { orderRefundedMail } from './orders.mails';
import { releaseBuyerQuota } from './tier-rules';

/**
 * A firm gives money back for a paid order: all of it, or some of its tickets and line quantities.
 * In one transaction: the refund is recorded under the dialog's Idempotency-Key (the same click
 * twice refunds once), each ticket is voided and each line's refunded quantity grows by a
 * conditional UPDATE (what was refunded already is refused), and the order's refunded amount grows
 * only while it stays within what was paid; the seats, stock and buyer's tier limits come back.
 * The payment provider's refund and the buyer's notice are durable jobs written in that transaction
 * and run at once after the commit: neither is lost when this process dies in between.
 */

type Source = Kysely<Database> | Transaction<Database>;

/** The ledger's reason for a firm's refund: the order was settled when the refund was made. */
export const FIRM_REFUND = 'firm_refund';
type LineRow = {
  id: string;
  kind: string;
  item_id: string;
  variant_id: string | null;
  label: string;
  unit_price_minor: number;
  quantity: number;
  discount_minor: number;
};

/** What one refund gives back, as it is taken. */
interface Giving {
  items: { label: string; qty: number }[];
  amount: number;
  holds: Hold[];
  tickets: { categoryId: string; quantity: number }[];
}

const refused = (code: string, detail: string) => new HttpError(409, detail, code);
const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

/** A line's quantity not refunded yet, as holds: what an order still takes of seats and stock. */
export async function unrefundedHolds(source: Source, orderId: string, eventId: string | null): Promise<Hold[]> {
  const lines = await source
    .selectFrom('order_lines')
    .select(['kind', 'item_id', 'variant_id', 'quantity', 'refunded_quantity'])
    .where('order_id', '=', orderId)
    .where('kind', 'in', ['ticket', 'product'])
    .execute();
  return lines
    .filter((line) => line.quantity > line.refunded_quantity)
    .map((line) => ({
      kind: line.kind === 'ticket' ? ('seats' as const) : ('stock' as const),
      itemId: line.item_id,
      eventId: eventId ?? undefined,
      variantId: line.variant_id,
      quantity: line.quantity - line.refunded_quantity,
    }));
}

/**
 * Adds `qty` to a line's refunded quantity, never past what was bought; what goes back is what those
 * units were paid (a promo code's discount on the line taken off).
 */
async function refundLine(trx: Transaction<Database>, giving: Giving, line: LineRow, qty: number, eventId: string | null) {
  const moved = await trx
    .updateTable('order_lines')
    .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '+', qty) }))
    .where('id', '=', line.id)
    .where((eb) => eb(eb('refunded_quantity', '+', qty), '<=', eb.ref('quantity')))
    .returning('refunded_quantity')
    .executeTakeFirst();
  if (!moved) throw refused('refund_too_large', `No more than was bought of "${line.label}" can be refunded.`);
  const before = {
    unitPrice: line.unit_price_minor,
    qty: line.quantity,
    discountMinor: line.discount_minor,
    refundedQty: moved.refunded_quantity - qty,
  };
  giving.items.push({ label: line.label, qty });
  giving.amount += refundOfUnits(before, qty);
  if (line.kind === 'ticket') {
    giving.holds.push({ kind: 'seats', itemId: line.item_id, eventId: eventId ?? undefined, quantity: qty });
    giving.tickets.push({ categoryId: line.item_id, quantity: qty });
  } else if (line.kind === 'product') {
    giving.holds.push({ kind: 'stock', itemId: line.item_id, variantId: line.variant_id, quantity: qty });
  }
}

/** Voids the chosen tickets (each once: one refunded already is refused) and refunds them on their tier's line. */
async function refundTickets(
  trx: Transaction<Database>,
  giving: Giving,
  order: OrderRow,
  lines: LineRow[],
  ticketIds: string[],
  at: string,
) {
  const perTier = new Map<string, number>();
  for (const ticketId of ticketIds) {
    const ticket = await trx
      .selectFrom('tickets')
      .select('category_id')
      .where('id', '=', ticketId)
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    const voided = ticket
      ? await trx
          .updateTable('tickets')
          .set({ status: 'void', updated_at: at })
          .where('id', '=', ticketId)
          .where('status', '=', 'active')
          .executeTakeFirst()
      : undefined;
    if (!ticket || !voided || !changed(voided))
      throw refused('refund_too_large', 'A ticket chosen is no longer valid: it was refunded already.');
    perTier.set(ticket.category_id, (perTier.get(ticket.category_id) ?? 0) + 1);
  }
  for (const [categoryId, qty] of perTier) {
    const line = lines.find((l) => l.kind === 'ticket' && l.item_id === categoryId);
    if (!line) throw refused('refund_too_large', 'A ticket chosen is not one of this order.');
    await refundLine(trx, giving, line, qty, order.event_id);
  }
}

/** Everything not refunded yet: the valid tickets, and what is left of every other line. */
async function wholeChoice(trx: Transaction<Database>, order: OrderRow) {
  const [tickets, lines] = await Promise.all([
    trx.selectFrom('tickets').select('id').where('order_id', '=', order.id).where('status', '=', 'active').execute(),
    trx
      .selectFrom('order_lines')
      .select(['id', 'quantity', 'refunded_quantity'])
      .where('order_id', '=', order.id)
      .where('kind', '!=', 'ticket')
      .execute(),
  ]);
  return {
    ticketIds: tickets.map((t) => t.id),
    lines: lines.filter((l) => l.quantity > l.refunded_quantity).map((l) => ({ lineId: l.id, qty: l.quantity - l.refunded_quantity })),
  };
}

type Choice = { ticketIds: string[]; lines: { lineId: string; qty: number }[] };

/** Takes what the refund gives back, inside its transaction. */
async function give(trx: Transaction<Database>, order: OrderRow, choice: Choice, at: string): Promise<Giving> {
  const lines = await trx
    .selectFrom('order_lines')
    .select(['id', 'kind', 'item_id', 'variant_id', 'label', 'unit_price_minor', 'quantity', 'discount_minor'])
    .where('order_id', '=', order.id)
    .execute();
  const giving: Giving = { items: [], amount: 0, holds: [], tickets: [] };
  await refundTickets(trx, giving, order, lines, choice.ticketIds, at);
  for (const chosen of choice.lines) {
    const line = lines.find((l) => l.id === chosen.lineId);
    // tickets go back one by one (each has a holder and a code), never as a quantity
    if (!line || line.kind === 'ticket') throw refused('refund_too_large', 'A line chosen is not one of this order, or is a ticket.');
    await refundLine(trx, giving, line, chosen.qty, order.event_id);
  }
  if (!giving.items.length) throw refused('refund_too_large', 'Everything in this order was refunded already.');
  return giving;
}

/**
 * Locks the order's row for this refund (the first write, so refunds of one order run one after
 * another: the one that empties the order knows it is the last). Refused once the order is no longer paid.
 */
async function lockPaidOrder(trx: Transaction<Database>, order: OrderRow, at: string) {
  const locked = await trx
    .updateTable('orders')
    .set({ updated_at: at })
    .where('id', '=', order.id)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  if (!changed(locked)) throw refused('refund_too_large', 'Everything in this order was refunded already.');
}

/**
 * The order's refunded amount grows within what was paid, by what the lines gave back; the refund
 * that leaves no line is the last, and gives back all that is left of the payment: the delivery
 * fee, which is on no line, goes back with it. Answers the amount refunded.
 */
async function settleOrder(trx: Transaction<Database>, order: OrderRow, linesAmount: number, at: string): Promise<number> {
  const left = await trx
    .selectFrom('order_lines')
    .select('id')
    .where('order_id', '=', order.id)
    .whereRef('refunded_quantity', '<', 'quantity')
    .executeTakeFirst();
  const paid = await trx
    .selectFrom('orders')
    .select(['total_minor', 'refunded_minor'])
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  const amount = left ? linesAmount : paid.total_minor - paid.refunded_minor;
  const moved = await trx
    .updateTable('orders')
    .set((eb) => ({ refunded_minor: eb('refunded_minor', '+', amount), updated_at: at, ...(left ? {} : { status: 'refunded' }) }))
    .where('id', '=', order.id)
    .where('status', '=', 'paid')
    .where((eb) => eb(eb('refunded_minor', '+', amount), '<=', eb.ref('total_minor')))
    .executeTakeFirst();
  if (!changed(moved)) throw refused('refund_too_large', 'A refund cannot give back more than was paid.');
  return amount;
}

export const toRefund = (row: { id: string; amount_minor: number; reason: string; items: string; created_at: string }): OrderRefund => ({
  id: row.id,
  amountMinor: row.amount_minor,
  reason: row.reason,
  items: JSON.parse(row.items) as OrderRefund['items'],
  createdAt: row.created_at,
});

/** The refunds of an order, oldest first. */
export async function refundsOf(source: Source, orderId: string): Promise<OrderRefund[]> {
  const rows = await source
    .selectFrom('order_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRefund);
}

const TELL_BUYER_JOB = 'order.firm-refund-notice';

export function createRefunds(deps: AppDeps) {
  const { db, clock, mail, env } = deps;
  const payments = paymentsOf(deps);
  const jobs = jobsOf(deps);
  const waitlist = createWaitlistOffers(deps);

  /** The refund recorded, its items taken and the order settled; null when the same key refunded already. */
  async function take(order: OrderRow, actorId: string, input: RefundInput, key: string) {
    const at = clock().toISOString();
    return db.transaction().execute(async (trx) => {
      const id = crypto.randomUUID();
      const inserted = await trx
        .insertInto('order_refunds')
        .values({
          id,
          order_id: order.id,
          idempotency_key: key,
          actor_id: actorId,
          amount_minor: 0,
          reason: input.reason,
          items: '[]',
          created_at: at,
        })
        .onConflict((oc) => oc.columns(['order_id', 'idempotency_key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
      await lockPaidOrder(trx, order, at);
      const choice = input.whole ? await wholeChoice(trx, order) : input;
      const giving = await give(trx, order, choice, at);
      giving.amount = await settleOrder(trx, order, giving.amount, at);
      await release(trx, giving.holds, () => at);
      await waitlist.unitsReturned(trx, giving.holds);
      await releaseBuyerQuota(trx, order.id, giving.tickets);
      await trx
        .updateTable('order_refunds')
        .set({ amount_minor: giving.amount, items: JSON.stringify(giving.items) })
        .where('id', '=', id)
        .execute();
      const payBack = await payBackLater(trx, order, id, giving.amount);
      // a till sale's customer is not known (its buyer is the seller): the cash goes back across the counter
      const notice =
        order.kind === 'till'
          ? undefined
          : await jobs.enqueue(TELL_BUYER_JOB, { refundId: id }, { db: trx, key: `firm-refund-notice:${id}` });
      return { payBack, notice };
    });
  }

  /**
   * The money back through the provider, as a durable job written with the refund: it is paid even if
   * this process dies after the commit, and the same refund asked again never pays twice.
   */
  async function payBackLater(trx: Transaction<Database>, order: OrderRow, refundId: string, amount: number) {
    if (amount === 0) return undefined;
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('subject_type', '=', 'order')
      .where('subject_id', '=', order.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!payment || (payment.status !== 'succeeded' && payment.status !== 'partially_refunded')) return undefined;
    // a till sale split between cash and card paid only its card part through the provider: that goes back
    // first, the rest across the counter
    const byCard = Math.min(amount, payment.amount_minor - payment.refunded_minor);
    if (byCard <= 0) return undefined;
    return payments.refundLater(trx, {
      paymentId: payment.id,
      amountMinor: byCard,
      reason: FIRM_REFUND,
      idempotencyKey: `order-refund:${refundId}`,
    });
  }

  /** The buyer is told in the app and mailed in their language, with the firm's reason. */
  async function tellBuyer(order: OrderRow, refund: OrderRefund) {
    const row = await db
      .selectFrom('orders as o')
      .innerJoin('firms as f', 'f.id', 'o.firm_id')
      .innerJoin('users as b', 'b.id', 'o.buyer_id')
      .leftJoin('events as e', 'e.id', 'o.event_id')
      .select(['f.name as firmName', 'e.name as eventName', 'b.email', 'b.first_name as firstName', 'b.language'])
      .where('o.id', '=', order.id)
      .executeTakeFirstOrThrow();
    const language = normalizeLanguage(row.language);
    const amount = formatMoney(refund.amountMinor, order.currency, language);
    await notify(deps, {
      to: order.buyer_id,
      kind: 'order.refunded',
      params: { firmName: row.firmName, orderReference: order.reference, amount },
    });
    if (!row.email) return;
    await mail.send({
      to: row.email,
      language,
      template: orderRefundedMail,
      params: {
        firstName: row.firstName,
        reference: order.reference,
        title: row.eventName ?? row.firmName,
        amount,
        reason: 'firm',
        note: refund.reason,
        items: refund.items.map((i) => (i.qty > 1 ? `${i.label} x ${i.qty}` : i.label)),
        url: `${env.publicUrl}/profile/orders/${order.reference}`,
      },
    });
  }

  /** Refunds the firm's order `reference` as `input` says; the same Idempotency-Key again refunds nothing more. */
  async function refund(firmId: string, reference: string, actorId: string, input: RefundInput, key: string): Promise<void> {
    const order = await db
      .selectFrom('orders')
      .selectAll()
      .where('reference', '=', reference)
      .where('firm_id', '=', firmId)
      .executeTakeFirst();
    if (!order) throw notFound('Order not found.');
    if (order.status !== 'paid') throw refused('order_not_refundable', 'Only a paid order can be refunded.');
    const taken = await take(order, actorId, input, key);
    if (!taken) return;
    await taken.payBack?.();
    if (taken.notice) await jobs.runNow(taken.notice);
  }

  jobs.define<{ refundId: string }>(TELL_BUYER_JOB, async ({ refundId }) => {
    const row = await db.selectFrom('order_refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
    if (!row) return;
    const order = await db.selectFrom('orders').selectAll().where('id', '=', row.order_id).executeTakeFirstOrThrow();
    await tellBuyer(order, toRefund(row));
  });

  return { refund };
}
