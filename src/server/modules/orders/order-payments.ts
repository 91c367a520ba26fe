import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AfterCommit, PaymentRow, RefundRow } from '../../lib/payments';
import { normalizeLanguage } from '../../../shared/i18n';
import type { CheckoutAnswer, OrderDetail } from '../../../shared/orders';
import { EVENT_STATUS } from '../../../shared/owner-events';
import { holdsOf, release, take } from './holds';
import { problem, type OrderContext, type OrderRow } from './order-context';
import type { OrderNotices } from './order-notices';
import { toSummary, type OrderQueries } from './order-queries';
import { FIRM_REFUND, unrefundedHolds } from './refunds';
import { releaseBuyerQuota, takeBuyerQuota } from './tier-rules';
import { openKitchenTickets, publishKitchenChange } from '../kitchen/kitchen-tickets';
import { retakePromoUse } from '../promotions/promo-uses';

/** The lines bought leave the buyer's cart (a product's other variants, added since, stay). */
export async function emptyCartOf(trx: Transaction<Database>, order: Pick<OrderRow, 'id' | 'buyer_id' | 'firm_id'>) {
  const lines = await trx.selectFrom('order_lines').select(['item_id', 'variant_id']).where('order_id', '=', order.id).execute();
  if (!lines.length) return;
  await trx
    .deleteFrom('cart_items')
    .where('user_id', '=', order.buyer_id)
    .where('firm_id', '=', order.firm_id)
    .where((eb) => eb.or(lines.map((l) => eb.and([eb('item_id', '=', l.item_id), eb('variant_id', '=', l.variant_id ?? '')]))))
    .execute();
}

/**
 * Paying an order through the ledger (lib/payments: this module is its 'order' subject): the payment
 * step, the payer's return, cancelling a pending order, and what each move of a payment does to the
 * order (paid: tickets valid, cart emptied, dishes sent to the kitchen; refunded: seats back, tickets void).
 */
export function createOrderPayments(ctx: OrderContext, queries: OrderQueries, notices: OrderNotices) {
  const { db, now, payments, deps, closePending, expireOverdue, waitlist } = ctx;
  const { findOwn, detail } = queries;

  /** The title the payment step shows: the event's name, or the firm's. */
  async function paymentTitle(order: OrderRow): Promise<string> {
    const named = order.event_id
      ? await db.selectFrom('events').select('name').where('id', '=', order.event_id).executeTakeFirst()
      : await db.selectFrom('firms').select('name').where('id', '=', order.firm_id).executeTakeFirst();
    return named?.name ?? order.reference;
  }

  /** Sends the payer to the payment step of the order's current attempt, or a new one. */
  async function paymentFor(order: OrderRow, fresh: boolean): Promise<string | null> {
    // an order paid at the counter has no payment step: staff take its money there
    if (order.total_minor === 0 || order.status !== 'pending_payment' || order.pay_at_counter === 1) return null;
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
    const buyer = await db.selectFrom('users').select(['email']).where('id', '=', order.buyer_id).executeTakeFirstOrThrow();
    const payment = await payments.start({
      subjectType: 'order',
      subjectId: order.id,
      reference: order.reference,
      amountMinor: order.total_minor,
      currency: order.currency,
      description: await paymentTitle(order),
      returnPath: `/profile/orders/${order.reference}?from=payment`,
      cancelPath: `/profile/orders/${order.reference}?from=payment&cancelled=1`,
      language: normalizeLanguage(order.language),
      customerEmail: buyer.email ?? undefined,
      metadata: { orderId: order.id, reference: order.reference },
      attemptKey: String(attempts.length + 1),
    });
    return payment.redirect_url;
  }

  async function pay(buyerId: string, reference: string): Promise<CheckoutAnswer> {
    const summary = await findOwn(buyerId, reference);
    await expireOverdue({ orderId: summary.id });
    const order = await db.selectFrom('orders').selectAll().where('id', '=', summary.id).executeTakeFirstOrThrow();
    if (order.status !== 'pending_payment' || order.total_minor === 0 || order.pay_at_counter === 1) {
      throw problem(
        409,
        'order_not_payable',
        order.status === 'expired'
          ? 'The hold on this order has ended: its places went back on sale.'
          : order.pay_at_counter === 1
            ? 'This order is paid at the counter.'
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
        deps.logger.warn({ err: error, reference }, 'payment status could not be read from the provider');
      }
    }
    return detail(buyerId, reference);
  }

  async function cancel(buyerId: string, reference: string): Promise<OrderDetail> {
    const summary = await findOwn(buyerId, reference);
    // its dishes went to the kitchen when it was placed: it is settled at the counter, not called off here
    if (summary.payAtCounter === 1) throw problem(409, 'order_not_payable', 'This order is with the kitchen: ask at the counter.');
    const closed = await closePending(summary.id, 'cancelled');
    if (!closed && summary.status !== 'cancelled')
      throw problem(409, 'order_not_payable', 'Only an order waiting for its payment can be cancelled.');
    return detail(buyerId, reference);
  }

  /** pending → paid in this transaction: tickets valid, the cart emptied, the mails queued (sent after commit). */
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
    // an order paid at the counter left the cart when it was sent to the kitchen
    if (order.kind === 'shop' && order.pay_at_counter !== 1) await emptyCartOf(trx, order);
    // a till sale's buyer is the person at the till: the customer has the receipt there, nobody is mailed
    const told = order.kind === 'till' ? () => undefined : await notices.paidLater(trx, orderId);
    if (!(await openKitchenTickets(trx, orderId, now()))) return told;
    return async () => {
      await told();
      await publishKitchenChange(deps, { firmId: order.firm_id, buyerId: order.buyer_id, reference: order.reference });
    };
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

  /**
   * Paid after its hold ended: take the places again if they are still there and the event still
   * takes buyers (not cancelled or ended meanwhile), else give the money back.
   */
  async function latePayment(trx: Transaction<Database>, order: OrderRow, payment: PaymentRow) {
    const holds = await holdsOf(trx, order.id, order.event_id);
    const event = order.event_id
      ? await trx.selectFrom('events').select(['start_date_time', 'status_code']).where('id', '=', order.event_id).executeTakeFirst()
      : undefined;
    const stillOnSale = !order.event_id || (event?.status_code === EVENT_STATUS.PUBLISHED && event.start_date_time > now());
    if (stillOnSale && (await take(trx, holds, { capacityGuard: true, now }))) {
      // the buyer paid for them: they count again, whatever the tier's limit
      for (const hold of holds.filter((h) => h.kind === 'seats')) {
        await takeBuyerQuota(trx, { categoryId: hold.itemId, buyerId: order.buyer_id, quantity: hold.quantity }, null);
      }
      await retakePromoUse(trx, order, now());
      const paid = await markPaid(trx, order.id, order.status);
      // another payment of the order was honoured meanwhile: all of this rolls back, and the payment, still
      // pending, is asked about again by the reconciliation and then given back as a duplicate
      if (!paid) throw new Error(`order ${order.id} changed while its late payment was applied`);
      return paid;
    }
    return refundLater(trx, payment, 'late_payment');
  }

  async function succeeded(trx: Transaction<Database>, payment: PaymentRow): Promise<AfterCommit | undefined> {
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', payment.subject_id).executeTakeFirst();
    if (!order) return;
    // the hold can end between this read and the move (PostgreSQL reads what was committed): then the order is
    // read again and the payment is late, never left taken against an expired order
    if (order.status === 'pending_payment') return (await markPaid(trx, order.id, 'pending_payment')) ?? succeeded(trx, payment);
    if (order.status === 'expired' || order.status === 'cancelled') return latePayment(trx, order, payment);
    // already paid by another attempt (two tabs), or refunded: this payment goes back
    return refundLater(trx, payment, 'duplicate_payment');
  }

  async function refunded(trx: Transaction<Database>, payment: PaymentRow, refund: RefundRow) {
    if (payment.refunded_minor < payment.amount_minor) return;
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', payment.subject_id).executeTakeFirst();
    if (!order) return;
    // a duplicate payment of a paid order went back: the order stays as it is; a firm's refund
    // settled the order itself when it was made (refunds.ts)
    if (order.status === 'paid' && refund.reason === 'duplicate_payment') return;
    if (refund.reason === FIRM_REFUND) return;
    const moved = await trx
      .updateTable('orders')
      .set({ status: 'refunded', updated_at: now() })
      .where('id', '=', order.id)
      .where('status', 'in', ['paid', 'expired', 'cancelled'])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return;
    if (order.status === 'paid') {
      // what the firm refunded already went back then
      const holds = await unrefundedHolds(trx, order.id, order.event_id);
      await release(trx, holds, now);
      await waitlist.unitsReturned(trx, holds);
      await releaseBuyerQuota(trx, order.id);
    }
    await trx
      .updateTable('tickets')
      .set({ status: 'void', updated_at: now() })
      .where('order_id', '=', order.id)
      .where('status', '!=', 'transferred')
      .execute();
    return notices.refundedLater(trx, order.id, refund);
  }

  /**
   * Staff took the guest's money at the counter (cash or card on the firm's own terminal): the order
   * is paid in one transaction, by a conditional UPDATE on its status, so taking it twice at once
   * (two tills, a double tap) records it once and the second is told it is paid already.
   */
  async function takeAtCounter(firmId: string, reference: string, staffId: string, method: 'cash' | 'card'): Promise<void> {
    const { order, after } = await db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('orders')
        .select(['id', 'buyer_id'])
        .where('reference', '=', reference)
        .where('firm_id', '=', firmId)
        .where('pay_at_counter', '=', 1)
        .executeTakeFirst();
      if (!order) throw problem(409, 'not_a_counter_order', 'This order is not paid at the counter.');
      const taken = await trx
        .updateTable('orders')
        .set({ counter_method: method, counter_paid_by: staffId })
        .where('id', '=', order.id)
        .where('status', '=', 'pending_payment')
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) throw problem(409, 'counter_paid_already', 'This order is paid already.');
      return { order, after: await markPaid(trx, order.id, 'pending_payment') };
    });
    await after?.();
    // its tickets were open already: the boards drop its "to pay at the counter"
    await publishKitchenChange(deps, { firmId, buyerId: order.buyer_id, reference });
  }

  payments.handle('order', { succeeded, refunded });

  return { paymentFor, settlePaid, pay, confirm, cancel, takeAtCounter };
}

export type OrderPayments = ReturnType<typeof createOrderPayments>;
