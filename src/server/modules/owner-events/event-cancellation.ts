import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { paymentsOf } from '../../lib/payments';
import { notify } from '../notifications/notify';

/**
 * Cancelling an event with sales. Inside the cancelling transaction: every ticket still
 * valid is void (the wallet and the door scanner refuse it at once) and every order still waiting
 * for its payment is cancelled. After the commit: each paid order's payment is refunded through the
 * payment provider (lib/payments; the orders module's `refunded` hook marks the order refunded and
 * mails its receipt), and every buyer and ticket holder is told (`event.cancelled`: in-app, and an
 * email in their language).
 */
export interface Cancellation {
  /** the paid orders to refund */
  paidOrderIds: string[];
  /** buyers and holders to tell */
  people: string[];
}

export async function cancelSales(trx: Transaction<Database>, eventId: string, now: string): Promise<Cancellation> {
  const orders = await trx
    .selectFrom('orders')
    .select(['id', 'buyer_id', 'status'])
    .where('event_id', '=', eventId)
    .where('status', 'in', ['paid', 'pending_payment'])
    .execute();
  const holders = await trx
    .selectFrom('tickets')
    .select('holder_id')
    .where('event_id', '=', eventId)
    .where('status', 'in', ['active', 'reserved'])
    .execute();
  await trx
    .updateTable('tickets')
    .set({ status: 'void', updated_at: now })
    .where('event_id', '=', eventId)
    .where('status', 'in', ['active', 'reserved'])
    .execute();
  await trx
    .updateTable('orders')
    .set({ status: 'cancelled', updated_at: now, hold_expires_at: null })
    .where('event_id', '=', eventId)
    .where('status', '=', 'pending_payment')
    .execute();
  return {
    paidOrderIds: orders.filter((order) => order.status === 'paid').map((order) => order.id),
    people: [...new Set([...orders.map((order) => order.buyer_id), ...holders.map((holder) => holder.holder_id)])],
  };
}

/** After the commit: refunds, then the news. Never throws (each failure is logged; a refund can be retried with the same key). */
export async function finishCancellation(
  deps: AppDeps,
  cancellation: Cancellation,
  event: { name: string; shortId: string; firmId: string },
  actorId: string,
): Promise<void> {
  const payments = paymentsOf(deps);
  for (const orderId of cancellation.paidOrderIds) {
    try {
      const payment = await payments.latest('order', orderId);
      if (payment && (payment.status === 'succeeded' || payment.status === 'partially_refunded')) {
        await payments.refund({ paymentId: payment.id, reason: 'event_cancelled', idempotencyKey: `event-cancelled:${orderId}` });
      }
    } catch (error) {
      deps.logger.error({ err: error, order: orderId }, 'refund of a cancelled event’s order failed');
    }
  }
  const firm = await deps.db.selectFrom('firms').select('name').where('id', '=', event.firmId).executeTakeFirst();
  await notify(deps, {
    to: cancellation.people,
    kind: 'event.cancelled',
    params: { eventName: event.name, firmName: firm?.name ?? '', eventShortId: event.shortId },
    actorId,
  });
}
