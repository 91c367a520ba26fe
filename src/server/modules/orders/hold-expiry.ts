import { soleLeadership, type Leadership } from '../../lib/leader';
import { createWaitlistOffers, type WaitlistDeps } from '../waitlist/offers';
import { giveBackPromoUse } from '../promotions/promo-uses';
import { holdsOf, release } from './holds';
import { releaseBuyerQuota } from './tier-rules';

/**
 * Ending holds: a pending order whose hold is due (or that its buyer cancels) closes and gives its
 * seats or stock, and its promo code's use, back, once (a conditional UPDATE on its status). Checkout, reads
 * and a sweeper (startHoldSweeper) call it. Seats given back go to a tier's waitlist first.
 */
export function createHoldExpiry(deps: WaitlistDeps) {
  const { db, clock } = deps;
  const waitlist = createWaitlistOffers(deps);
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
      const holds = await holdsOf(trx, orderId, order.event_id);
      await release(trx, holds, now);
      await waitlist.unitsReturned(trx, holds);
      await releaseBuyerQuota(trx, orderId);
      await giveBackPromoUse(trx, orderId);
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

/** Every 30 s, on the one process that leads the job (lib/leader.ts; the embedded process always does). */
export function startHoldSweeper(deps: WaitlistDeps, leadership: Leadership = soleLeadership): () => void {
  const { logger } = deps;
  const { expireOverdue } = createHoldExpiry(deps);
  const timer = setInterval(() => {
    leadership
      .isLeader('hold-sweeper')
      .then((leader) => (leader ? expireOverdue() : undefined))
      .catch((error: unknown) => logger.error({ err: error }, 'expiring order holds failed'));
  }, 30_000);
  timer.unref();
  return () => clearInterval(timer);
}
