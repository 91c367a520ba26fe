import crypto from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PaymentsTable, RefundsTable } from '../../db/schema';
import type { Logger } from '../logger';
import type { Jobs } from '../jobs';
import type { PaymentEvent, PaymentProvider } from './provider';

export type PaymentRow = Selectable<PaymentsTable>;
export type RefundRow = Selectable<RefundsTable>;

/** Work to do once the transaction that recorded a payment's change has committed (mail, notifications). */
export type AfterCommit = () => unknown;

/**
 * What a kind of subject (an order, a plan subscription) does when its payment moves on. Each
 * hook runs exactly once per change, inside the transaction that records it: a webhook and the
 * payer's return from the payment step racing each other, or a replayed webhook, never run it twice.
 */
export interface PaymentSubject {
  succeeded(trx: Transaction<Database>, payment: PaymentRow): Promise<AfterCommit | void>;
  /** the last attempt failed (declined); the payment step stays open for another try */
  failed?(trx: Transaction<Database>, payment: PaymentRow): Promise<AfterCommit | void>;
  /** the payer abandoned the payment step */
  canceled?(trx: Transaction<Database>, payment: PaymentRow): Promise<AfterCommit | void>;
  /** money went back (all of it, or `refund.amount_minor` of it) */
  refunded?(trx: Transaction<Database>, payment: PaymentRow, refund: RefundRow): Promise<AfterCommit | void>;
}

export interface StartPaymentInput {
  subjectType: string;
  subjectId: string;
  reference: string;
  amountMinor: number;
  currency: string;
  description: string;
  /** paths on this server (e.g. `/profile/orders/SK-4F7Q2M`) the payment step returns to */
  returnPath: string;
  cancelPath: string;
  language: 'en' | 'ar' | 'fr';
  customerEmail?: string;
  metadata?: Record<string, string>;
  /** one per payment attempt of the subject: the same key never makes a second payment */
  attemptKey: string;
}

export interface RefundRequest {
  paymentId: string;
  /** default: everything not refunded yet */
  amountMinor?: number;
  reason: string;
  /** the same key never refunds twice (e.g. `event-cancelled:<orderId>`) */
  idempotencyKey: string;
}

export class PaymentError extends Error {
  constructor(
    readonly code: 'not_refundable' | 'refund_too_large' | 'unknown_payment',
    message: string,
  ) {
    super(message);
  }
}

/** Which states a payment may move to a state from (anything else is stale news). */
const MOVES: Record<'succeeded' | 'failed' | 'canceled', string[]> = {
  succeeded: ['pending', 'failed'],
  failed: ['pending', 'failed'],
  canceled: ['pending', 'failed'],
};

/** refused: its amount or currency is not the payment's (recorded on the payment, nothing applied) */
type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'refused';

/** A provider's word on a payment: its new state and, when it says, the amount and currency it took. */
interface PaymentChange {
  providerPaymentId: string;
  status: 'succeeded' | 'failed' | 'canceled';
  method: string | null;
  failureCode: string | null;
  amountMinor?: number;
  currency?: string;
}

/** Told after the commit that recorded a provider's amount or currency differing from a payment's. */
export type MismatchListener = (payment: PaymentRow) => unknown;

/** How long a pending payment is asked about by `reconcile` (a hosted payment step expires long before). */
const RECONCILE_WINDOW_MS = 2 * 86_400_000;

export interface Payments {
  readonly provider: PaymentProvider;
  /** Registers what happens to a kind of subject when its payment moves on (once per app, at start). */
  handle(subjectType: string, subject: PaymentSubject): void;
  /** Creates the payment at the provider and records it: send the payer to `redirect_url`. */
  start(input: StartPaymentInput): Promise<PaymentRow>;
  /** The latest payment of a subject. */
  latest(subjectType: string, subjectId: string): Promise<PaymentRow | undefined>;
  /** Asks the provider where a payment stands and records it (the payer came back from the payment step). */
  sync(paymentId: string): Promise<PaymentRow>;
  /** A webhook's exact body and headers: verified (WebhookSignatureError), recorded once, applied once. */
  receiveWebhook(rawBody: string, headers: Headers): Promise<WebhookOutcome>;
  /** Gives money back through the provider; the subject's `refunded` hook runs once it has gone. */
  refund(request: RefundRequest): Promise<RefundRow>;
  /**
   * A refund that must happen even if this process dies: a durable job enqueued in `trx` (a
   * subject's hook), retried until the provider has it. Return what it gives from the hook: it
   * starts the refund at once after the commit.
   */
  refundLater(trx: Transaction<Database>, request: RefundRequest): Promise<AfterCommit>;
  /** Asks the provider about payments still pending or failed (the given ones, else the oldest asked): a lost webhook's work. */
  reconcile(paymentIds?: readonly string[]): Promise<number>;
  /** Called after a provider's amount or currency was refused for a payment (the seller is told). */
  onMismatch(listener: MismatchListener): void;
}

export function createPayments(options: {
  db: Kysely<Database>;
  clock: () => Date;
  logger: Logger;
  publicUrl: string;
  provider: PaymentProvider;
  jobs: Jobs;
}): Payments {
  const { db, clock, logger, publicUrl, provider, jobs } = options;
  const subjects = new Map<string, PaymentSubject>();
  const mismatchListeners: MismatchListener[] = [];
  const now = () => clock().toISOString();

  async function runAfter(actions: AfterCommit[]) {
    for (const action of actions) {
      try {
        await action();
      } catch (error) {
        logger.error({ err: error }, 'payment follow-up failed');
      }
    }
  }

  const byProviderId = (trx: Kysely<Database>, providerPaymentId: string) =>
    trx
      .selectFrom('payments')
      .selectAll()
      .where('provider', '=', provider.name)
      .where('provider_payment_id', '=', providerPaymentId)
      .executeTakeFirst();

  /**
   * Records a payment's new state and runs its subject's hook, in one transaction, only when the
   * state really changes: the conditional UPDATE is what makes a webhook and a return from the
   * payment step (or two deliveries of one webhook) apply once.
   */
  const refundByKey = (key: string) => db.selectFrom('refunds').selectAll().where('idempotency_key', '=', key).executeTakeFirst();

  /** A refund recorded but never answered by the provider: the process asking it died before the answer was kept. */
  const unasked = (refund: RefundRow) => refund.status === 'pending' && refund.provider_refund_id === null;

  /** The refund's own row, pending, before the provider is asked (one per idempotency key, checked against what is left). */
  async function recordRefund(payment: PaymentRow, request: RefundRequest): Promise<RefundRow> {
    if (payment.status !== 'succeeded' && payment.status !== 'partially_refunded') {
      throw new PaymentError('not_refundable', 'Only a paid payment can be refunded.');
    }
    const amount = request.amountMinor ?? payment.amount_minor - payment.refunded_minor;
    if (amount <= 0 || amount > payment.amount_minor - payment.refunded_minor) {
      throw new PaymentError('refund_too_large', 'The refund is larger than what is left of the payment.');
    }
    await db
      .insertInto('refunds')
      .values({
        id: crypto.randomUUID(),
        payment_id: payment.id,
        idempotency_key: request.idempotencyKey,
        provider_refund_id: null,
        amount_minor: amount,
        status: 'pending',
        reason: request.reason,
        created_at: now(),
        updated_at: now(),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
    // the row of this request, or of the same request made at once elsewhere
    return (await refundByKey(request.idempotencyKey))!;
  }

  async function applyPayment(change: PaymentChange, event?: { id: string; type: string }): Promise<WebhookOutcome> {
    const after: AfterCommit[] = [];
    const outcome = await db.transaction().execute(async (trx): Promise<WebhookOutcome> => {
      const payment = await byProviderId(trx, change.providerPaymentId);
      if (event && !(await recordEvent(trx, event, payment?.id ?? null))) return 'duplicate';
      if (!payment) return 'ignored';
      if (change.status === 'succeeded' && differs(payment, change)) return refuse(trx, payment, change, after);
      const moved = await trx
        .updateTable('payments')
        .set({ status: change.status, method: change.method ?? payment.method, failure_code: change.failureCode, updated_at: now() })
        .where('id', '=', payment.id)
        .where('status', 'in', MOVES[change.status])
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return 'processed';
      const updated = { ...payment, status: change.status, failure_code: change.failureCode, method: change.method ?? payment.method };
      const subject = subjects.get(payment.subject_type);
      if (!subject) logger.warn({ subject: payment.subject_type }, 'no handler for this kind of payment subject');
      const hook = change.status === 'succeeded' ? subject?.succeeded : change.status === 'failed' ? subject?.failed : subject?.canceled;
      const action = await hook?.call(subject, trx, updated);
      if (action) after.push(action);
      return 'processed';
    });
    await runAfter(after);
    return outcome;
  }

  /** Money taken that is not what was asked (a bug, a tampered session, another currency): never applied. */
  const differs = (payment: PaymentRow, change: PaymentChange) =>
    change.amountMinor !== undefined &&
    (change.amountMinor !== payment.amount_minor || (change.currency ?? '').toUpperCase() !== payment.currency.toUpperCase());

  async function refuse(
    trx: Transaction<Database>,
    payment: PaymentRow,
    change: PaymentChange,
    after: AfterCommit[],
  ): Promise<WebhookOutcome> {
    const seen = `${change.amountMinor} ${change.currency ?? ''}`.trim();
    logger.error(
      { payment: payment.id, expected: `${payment.amount_minor} ${payment.currency}`, seen },
      'payment refused: the provider reports another amount or currency',
    );
    const flagged = await trx
      .updateTable('payments')
      .set({ mismatch: seen, updated_at: now() })
      .where('id', '=', payment.id)
      .where('mismatch', 'is', null)
      .executeTakeFirst();
    if (Number(flagged.numUpdatedRows) > 0) {
      const row = { ...payment, mismatch: seen };
      after.push(() => Promise.all(mismatchListeners.map((listener) => listener(row))));
    }
    return 'refused';
  }

  /** false when this event was processed before (a replay, or the provider retrying) */
  async function recordEvent(trx: Transaction<Database>, event: { id: string; type: string }, paymentId: string | null) {
    const inserted = await trx
      .insertInto('payment_events')
      .values({ provider: provider.name, event_id: event.id, type: event.type, payment_id: paymentId, received_at: now() })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** A refund the provider has confirmed: the payment's refunded amount and the subject's hook, once. */
  async function settleRefund(trx: Transaction<Database>, refund: RefundRow, status: 'succeeded' | 'failed', after: AfterCommit[]) {
    const moved = await trx
      .updateTable('refunds')
      .set({ status, updated_at: now() })
      .where('id', '=', refund.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0 || status === 'failed') return;
    await trx
      .updateTable('payments')
      .set((eb) => ({
        refunded_minor: eb('refunded_minor', '+', refund.amount_minor),
        status: eb
          .case()
          .when(eb('refunded_minor', '+', refund.amount_minor), '>=', eb.ref('amount_minor'))
          .then('refunded')
          .else('partially_refunded')
          .end(),
        updated_at: now(),
      }))
      .where('id', '=', refund.payment_id)
      .execute();
    const payment = await trx.selectFrom('payments').selectAll().where('id', '=', refund.payment_id).executeTakeFirstOrThrow();
    const subject = subjects.get(payment.subject_type);
    const action = await subject?.refunded?.(trx, payment, { ...refund, status });
    if (action) after.push(action);
  }

  async function applyRefund(event: Extract<PaymentEvent, { kind: 'refund' }>): Promise<WebhookOutcome> {
    const after: AfterCommit[] = [];
    const outcome = await db.transaction().execute(async (trx): Promise<WebhookOutcome> => {
      const refund = await trx
        .selectFrom('refunds')
        .selectAll()
        .where('provider_refund_id', '=', event.providerRefundId)
        .executeTakeFirst();
      if (!(await recordEvent(trx, { id: event.eventId, type: event.type }, refund?.payment_id ?? null))) return 'duplicate';
      if (!refund) return 'ignored';
      await settleRefund(trx, refund, event.status, after);
      return 'processed';
    });
    await runAfter(after);
    return outcome;
  }

  const ledger: Payments = {
    provider,

    handle(subjectType, subject) {
      subjects.set(subjectType, subject);
    },

    async start(input) {
      const created = await provider.createPayment({
        amountMinor: input.amountMinor,
        currency: input.currency,
        reference: input.reference,
        description: input.description,
        returnUrl: `${publicUrl}${input.returnPath}`,
        cancelUrl: `${publicUrl}${input.cancelPath}`,
        metadata: { ...input.metadata, subjectType: input.subjectType, subjectId: input.subjectId },
        idempotencyKey: `${input.subjectType}:${input.subjectId}:${input.attemptKey}`,
        language: input.language,
        customerEmail: input.customerEmail,
      });
      await db
        .insertInto('payments')
        .values({
          id: crypto.randomUUID(),
          provider: provider.name,
          provider_payment_id: created.providerPaymentId,
          subject_type: input.subjectType,
          subject_id: input.subjectId,
          reference: input.reference,
          amount_minor: input.amountMinor,
          currency: input.currency,
          status: 'pending',
          refunded_minor: 0,
          method: null,
          failure_code: null,
          redirect_url: created.redirectUrl,
          created_at: now(),
          updated_at: now(),
        })
        .onConflict((oc) => oc.columns(['provider', 'provider_payment_id']).doNothing())
        .execute();
      const row = await byProviderId(db, created.providerPaymentId);
      if (!row) throw new Error('the payment was not recorded');
      return row;
    },

    latest(subjectType, subjectId) {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('subject_type', '=', subjectType)
        .where('subject_id', '=', subjectId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    async sync(paymentId) {
      const payment = await db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
      if (!payment) throw new PaymentError('unknown_payment', 'No such payment.');
      if (payment.status === 'pending' || payment.status === 'failed') {
        const remote = await provider.retrievePayment(payment.provider_payment_id);
        if (remote.status !== 'open') {
          await applyPayment({
            providerPaymentId: payment.provider_payment_id,
            status: remote.status,
            method: remote.method,
            failureCode: remote.failureCode,
            amountMinor: remote.amountMinor,
            currency: remote.currency,
          });
        }
      }
      return db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
    },

    async receiveWebhook(rawBody, headers) {
      const signed = provider.verifyWebhook(rawBody, headers);
      // a provider that can be asked is asked: the body only names the event
      const event = provider.retrieveEvent ? await provider.retrieveEvent(signed.eventId) : signed;
      if (event.kind === 'payment') return applyPayment(event, { id: event.eventId, type: event.type });
      if (event.kind === 'refund') return applyRefund(event);
      const recorded = await db.transaction().execute((trx) => recordEvent(trx, { id: event.eventId, type: event.type }, null));
      return recorded ? 'ignored' : 'duplicate';
    },

    async refund(request) {
      const payment = await db.selectFrom('payments').selectAll().where('id', '=', request.paymentId).executeTakeFirst();
      if (!payment) throw new PaymentError('unknown_payment', 'No such payment.');
      const prior = await refundByKey(request.idempotencyKey);
      if (prior && !unasked(prior)) return prior;
      const refund = prior ?? (await recordRefund(payment, request));
      if (!unasked(refund)) return refund;
      const refundId = refund.id;
      // asked again after a crash between the record and the provider's answer: the provider's idempotency key
      // makes it the same refund, and this time its answer is kept
      const remote = await provider.refund({
        providerPaymentId: payment.provider_payment_id,
        amountMinor: refund.amount_minor,
        idempotencyKey: `refund:${request.idempotencyKey}`,
        reason: request.reason,
      });
      const after: AfterCommit[] = [];
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('refunds')
          .set({ provider_refund_id: remote.providerRefundId, updated_at: now() })
          .where('id', '=', refundId)
          .execute();
        const refund = await trx.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow();
        if (remote.status !== 'pending') await settleRefund(trx, refund, remote.status, after);
      });
      await runAfter(after);
      return db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow();
    },

    async refundLater(trx, request) {
      const id = await jobs.enqueue(REFUND_JOB, request, { db: trx, key: `refund:${request.idempotencyKey}` });
      return () => (id ? jobs.runNow(id) : undefined);
    },

    async reconcile(paymentIds) {
      const open = paymentIds
        ? paymentIds
        : (
            await db
              .selectFrom('payments')
              .select('id')
              .where('provider', '=', provider.name)
              .where('status', 'in', ['pending', 'failed'])
              .where('mismatch', 'is', null)
              .where('created_at', '>=', new Date(clock().getTime() - RECONCILE_WINDOW_MS).toISOString())
              .orderBy('updated_at')
              .limit(200)
              .execute()
          ).map((row) => row.id);
      let asked = 0;
      for (const id of open) {
        try {
          await ledger.sync(id);
          asked += 1;
        } catch (error) {
          logger.warn({ err: error, payment: id }, 'payment could not be reconciled with the provider');
        }
      }
      return asked;
    },

    onMismatch(listener) {
      mismatchListeners.push(listener);
    },
  };

  jobs.define<RefundRequest>(REFUND_JOB, async (request) => {
    try {
      await ledger.refund(request);
    } catch (error) {
      // nothing left to give back (refunded meanwhile): done, not to be retried
      if (error instanceof PaymentError) logger.warn({ err: error, payment: request.paymentId }, 'refund not needed any more');
      else throw error;
    }
  });
  return ledger;
}

const REFUND_JOB = 'payments.refund';
