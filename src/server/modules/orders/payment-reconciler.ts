import type { AppDeps } from '../../app-deps';
import type { Leadership } from '../../lib/leader';
import { paymentsOf } from '../../lib/payments';
import { notify } from '../notifications/notify';
import { activeStaff } from '../../lib/firm-staff';

/**
 * What keeps an order's money right when a webhook never comes (the provider's delivery lost, this
 * process killed): every PAYMENT_RECONCILE_SECONDS the leader asks the provider about the payments
 * of holds about to end (so that a paid order is not expired for want of news), then about every
 * payment still pending. A payment found taken after its order expired is honoured or refunded by
 * the order's payment hook, as a late webhook would be.
 */
type ReconcileDeps = Parameters<typeof paymentsOf>[0];

/** One pass of the reconciliation (see above): the payments of holds ending before `endingBefore` first, then every pending one. */
export async function reconcileOrderPayments(deps: ReconcileDeps, endingBefore: Date): Promise<void> {
  const payments = paymentsOf(deps);
  const due = await deps.db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.subject_id')
    .select('payments.id')
    .where('payments.subject_type', '=', 'order')
    .where('payments.status', 'in', ['pending', 'failed'])
    .where('payments.mismatch', 'is', null)
    .where('orders.status', '=', 'pending_payment')
    .where('orders.hold_expires_at', '<=', endingBefore.toISOString())
    .execute();
  await payments.reconcile(due.map((row) => row.id));
  await payments.reconcile();
}

export function startPaymentReconciler(deps: ReconcileDeps, leadership: Leadership): () => void {
  const intervalMs = deps.env.PAYMENT_RECONCILE_SECONDS * 1000;
  const timer = setInterval(() => {
    leadership
      .isLeader('payment-reconciler')
      // holds ending before the tick after next: asked while their seats are still held
      .then((leader) => (leader ? reconcileOrderPayments(deps, new Date(deps.clock().getTime() + 2 * intervalMs)) : undefined))
      .catch((error: unknown) => deps.logger.error({ err: error }, 'reconciling payments failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

const listening = new WeakSet<object>();

/** A payment refused for its amount or currency is the firm's owners' to look into: they are told. */
export function tellSellersOfRefusedPayments(deps: AppDeps): void {
  const payments = paymentsOf(deps);
  // apps on one database share their ledger (a test's sibling): its sellers are told once
  if (listening.has(payments)) return;
  listening.add(payments);
  payments.onMismatch(async (payment) => {
    if (payment.subject_type !== 'order') return;
    const order = await deps.db
      .selectFrom('orders')
      .innerJoin('firms', 'firms.id', 'orders.firm_id')
      .select(['orders.reference', 'orders.firm_id', 'firms.name as firmName'])
      .where('orders.id', '=', payment.subject_id)
      .executeTakeFirst();
    if (!order) return;
    const owners = await activeStaff(deps.db, order.firm_id).select('user_id').where('user_role', '=', 'OWNER').execute();
    await notify(deps, {
      to: owners.map((row) => row.user_id),
      kind: 'payment.mismatch',
      params: { firmName: order.firmName, orderReference: order.reference },
    });
  });
}
