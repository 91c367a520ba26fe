/**
 * Payments: every amount of money moves through here (docs/architecture.md).
 *
 * `PAYMENT_PROVIDER` picks the provider: `sandbox` (default; a PSP's test mode run by this server,
 * see ./sandbox.ts for its test cards and mobile wallet numbers) or `stripe` (STRIPE_SECRET_KEY,
 * STRIPE_WEBHOOK_SECRET; ./stripe.ts). Amounts are integers in minor units with an ISO currency.
 *
 * How a module takes a payment (orders do this; a plan change works the same way):
 *
 * ```ts
 * const payments = paymentsOf(deps);
 * // once, when the module's router is built: what happens when a payment of this kind moves on
 * payments.handle('subscription', {
 *   async succeeded(trx, payment) {            // exactly once, inside the recording transaction
 *     await trx.updateTable('subscriptions').set({ plan: … }).where('id', '=', payment.subject_id).execute();
 *     return () => mail(…);                     // optional: runs after commit
 *   },
 *   async refunded(trx, payment, refund) { … }, // optional; also failed, canceled
 * });
 * // per purchase: create it at the provider and send the payer's browser to `redirect_url`
 * const payment = await payments.start({
 *   subjectType: 'subscription', subjectId: sub.id, reference: 'SK-…', amountMinor: 1900, currency: 'EUR',
 *   description: 'Growth plan, 1 month', returnPath: '/workspace/billing?paid=1', cancelPath: '/workspace/billing',
 *   language: 'en', attemptKey: '1',           // a new key per attempt; the same key never charges twice
 * });
 * // when the payer is back from the payment step (the webhook may come before or after):
 * await payments.sync(payment.id);
 * // money back (an event cancelled): the subject's `refunded` hook runs once it has gone
 * await payments.refund({ paymentId, reason: 'event cancelled', idempotencyKey: `event-cancelled:${orderId}` });
 * // money back decided inside a hook: a durable job in the hook's transaction, started after commit
 * return payments.refundLater(trx, { paymentId: payment.id, reason: 'late_payment', idempotencyKey: `late_payment:${payment.id}` });
 * ```
 *
 * Confirmation is asynchronous: the provider's signed webhook reaches
 * `POST /api/payments/webhooks/{provider}` (modules/payments), whose signature is verified, whose
 * event id is recorded once (a replay changes nothing) and whose change is applied by a
 * conditional UPDATE (a webhook racing the payer's return applies once). A payment whose webhook
 * never comes is settled by `reconcile` (modules/orders/payment-reconciler.ts runs it periodically),
 * and an amount or currency other than the payment's is refused and kept on it (`mismatch`).
 */
import type { AppDeps } from '../../app-deps';
import { createPayments, type Payments } from './ledger';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';
import { createStripeProvider } from './stripe';
import { jobsOf } from '../jobs';

/** @public the ledger's API for the modules that take payments (see the header) */
export type {
  Payments,
  PaymentSubject,
  PaymentRow,
  RefundRow,
  AfterCommit,
  StartPaymentInput,
  RefundRequest,
  MismatchListener,
} from './ledger';
/** @public thrown by `refund` and `sync` with a `code` */
export { PaymentError } from './ledger';
/** @public */
export type { PaymentProvider } from './provider';
export { WebhookSignatureError } from './provider';

/** The provider PAYMENT_PROVIDER names, configured from the environment. */
function createPaymentProvider(deps: Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'logger' | 'env' | 'secrets'>): PaymentProvider {
  const { env } = deps;
  if (env.PAYMENT_PROVIDER === 'stripe') {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
    }
    return createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, clock: deps.clock });
  }
  return createSandboxProvider({
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    publicUrl: env.publicUrl,
    webhookSecret: deps.secrets.sandboxWebhookSecret,
    jobs: jobsOf(deps),
    volatileWebhooks: env.UNSAFE_VOLATILE_PAYMENTS === '1',
  });
}

/** Keyed by the database handle: createApp copies its deps, the database is the app's own. */
const instances = new WeakMap<object, Payments>();

/** The app's one payments ledger (with `deps.paymentProvider`, else the configured provider). */
export function paymentsOf(deps: Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'logger' | 'env' | 'paymentProvider' | 'secrets'>): Payments {
  let payments = instances.get(deps.db);
  if (!payments) {
    payments = createPayments({
      db: deps.db,
      clock: deps.clock,
      logger: deps.logger,
      publicUrl: deps.env.publicUrl,
      provider: deps.paymentProvider ?? createPaymentProvider(deps),
      jobs: jobsOf(deps),
    });
    instances.set(deps.db, payments);
  }
  return payments;
}
