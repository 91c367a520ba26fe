import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, SandboxPaymentsTable } from '../../db/schema';
import type { Logger } from '../logger';
import type { Jobs } from '../jobs';
import {
  WebhookSignatureError,
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type RefundInput,
} from './provider';
import { SANDBOX_SIGNATURE_HEADER, signPayload, verifySignature } from './signature';

/**
 * The built-in `sandbox` provider: a payment service provider's test mode, run by this server.
 * It keeps its own records (`sandbox_payments`, `sandbox_refunds`: what a real provider keeps on
 * its side), serves the hosted payment step (`/api/payments/sandbox/pay/{id}`, rendered by
 * ./sandbox-page.ts), and confirms asynchronously by a signed webhook to
 * `/api/payments/webhooks/sandbox` (HMAC-SHA256 over `timestamp.body`, like Stripe's), retried
 * with a back-off until it is answered 2xx. As at a real provider, a webhook outlives a crash: it
 * is a durable job (lib/jobs) written in the transaction that moves the payment on, sent at once
 * and retried by whichever process polls the jobs. Test numbers:
 *
 * | card                  | outcome                                                  |
 * |-----------------------|----------------------------------------------------------|
 * | 4242 4242 4242 4242   | succeeds                                                 |
 * | 4000 0000 0000 0002   | declined (`card_declined`)                               |
 * | 4000 0000 0000 9995   | declined (`insufficient_funds`)                          |
 * | 4000 0025 0000 3155   | asks for an extra confirmation step (3-D Secure), then succeeds or fails |
 *
 * Any future expiry date and any 3-digit security code. Mobile wallet (the regional method): a
 * phone number with its country code; one ending in 0000 gets an approval request on the
 * "phone" (approve or decline on the step page), one ending in 1111 is declined for balance.
 */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAction: '4000002500003155',
} as const;

const CARD_OUTCOMES: Record<string, 'succeeded' | 'requires_action' | 'card_declined' | 'insufficient_funds'> = {
  [SANDBOX_CARDS.success]: 'succeeded',
  [SANDBOX_CARDS.declined]: 'card_declined',
  [SANDBOX_CARDS.insufficientFunds]: 'insufficient_funds',
  [SANDBOX_CARDS.requiresAction]: 'requires_action',
};

export type SandboxPayment = SandboxPaymentsTable;

/** What the payer did on the payment step (the form's fields). */
type SandboxAction =
  | { action: 'card'; number: string; expiry: string; cvc: string }
  | { action: 'wallet'; phone: string }
  | { action: 'confirm' }
  | { action: 'reject' }
  | { action: 'cancel' };

/** Where the payment step goes next: back to the merchant, or the step again (with an error). */
type SandboxStep = { redirect: string } | { payment: SandboxPayment; error: string | null };

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  find(id: string): Promise<SandboxPayment | undefined>;
  act(id: string, input: SandboxAction): Promise<SandboxStep>;
  /** resolves when every webhook's first delivery so far has been made (tests; retries wait in the jobs) */
  settled(): Promise<void>;
  /**
   * Test-mode controls, as a PSP's dashboard has: hold webhooks back (they are sent on resume,
   * in order), and the last webhooks sent, exactly as sent (to replay one).
   */
  pauseWebhooks(): void;
  resumeWebhooks(): void;
  recentWebhooks(): { type: string; body: string; signature: string }[];
}

export interface SandboxOptions {
  db: Kysely<Database>;
  clock: () => Date;
  logger: Logger;
  publicUrl: string;
  webhookSecret: string;
  /** where webhooks wait to be delivered */
  jobs: Jobs;
  /**
   * Tests only (the crash harness, tests/crash): webhooks kept in this process's memory instead of
   * the jobs table, so that the harness proves it catches a payment lost with its process.
   */
  volatileWebhooks?: boolean;
  /** how a webhook reaches the app; default: the app's fetch given to `connect` */
  deliver?: (request: Request) => Response | Promise<Response>;
  /** delay before each webhook (default 0: right after the answer that caused it) */
  webhookDelayMs?: number;
  /** waits between delivery attempts */
  retryDelaysMs?: number[];
}

const SANDBOX_WEBHOOK_PATH = '/api/payments/webhooks/sandbox';
const WEBHOOK_JOB = 'sandbox.webhook';

/** A webhook's body: its id stays the same through every retry (the ledger applies it once). */
interface WebhookEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

/** The outcome of a card, or why the form is wrong ('invalid_number', 'expired_card', …). */
function cardCheck(number: string, expiry: string, cvc: string, now: Date): string {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return 'invalid_number';
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) return 'invalid_expiry';
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  // valid through the last day of its month
  if (new Date(Date.UTC(year, Number(match[1]), 1)) <= now) return 'expired_card';
  if (!/^\d{3,4}$/.test(cvc.trim())) return 'invalid_cvc';
  // a real card number in test mode is declined, as a PSP's test mode does
  return CARD_OUTCOMES[digits] ?? 'live_card';
}

const maskPhone = (digits: string) => `+${digits.slice(0, 3)} •••• ${digits.slice(-4)}`;

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const { db, clock, logger, publicUrl, webhookSecret, jobs } = options;
  let deliver = options.deliver;
  const retryDelays = options.retryDelaysMs ?? [1000, 5000, 30_000, 120_000, 600_000, 3_600_000];
  const inFlight = new Set<Promise<unknown>>();
  let paused: { promise: Promise<void>; release: () => void } | null = null;
  const recent: { type: string; body: string; signature: string }[] = [];

  const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(18).toString('base64url')}`;
  const now = () => clock().toISOString();

  async function find(id: string) {
    return db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  function toProviderPayment(row: SandboxPayment): ProviderPayment {
    return {
      providerPaymentId: row.id,
      status: row.status === 'succeeded' ? 'succeeded' : row.status === 'canceled' ? 'canceled' : row.failure_code ? 'failed' : 'open',
      amountMinor: row.amount_minor,
      currency: row.currency,
      method: row.method,
      failureCode: row.failure_code,
    };
  }

  /** Signs and sends one event; throws unless the app answers 2xx (the job is then retried). */
  async function send(event: WebhookEvent): Promise<void> {
    if (!deliver) throw new Error('the sandbox is not connected to the app');
    const body = JSON.stringify(event);
    const signature = signPayload(webhookSecret, body, clock());
    recent.push({ type: event.type, body, signature });
    if (recent.length > 50) recent.shift();
    const response = await deliver(
      new Request(`${publicUrl}${SANDBOX_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        body,
      }),
    );
    if (response.status < 200 || response.status >= 300) throw new Error(`the webhook was answered ${response.status}`);
  }
  jobs.define<WebhookEvent>(WEBHOOK_JOB, send, { retryDelaysMs: retryDelays });

  /**
   * Writes an event to send in `trx` (the transaction that moves the payment on: both or neither);
   * the returned function, called after the commit, sends it at once (after `webhookDelayMs`, and
   * once webhooks are resumed when paused).
   */
  async function emit(trx: Transaction<Database>, type: string, object: Record<string, unknown>): Promise<() => void> {
    const event: WebhookEvent = { id: newId('evt'), type, created: Math.floor(clock().getTime() / 1000), data: { object } };
    const id = options.volatileWebhooks ? null : await jobs.enqueue(WEBHOOK_JOB, event, { db: trx });
    return () => {
      const gate = paused?.promise;
      const delivery = (async () => {
        await new Promise<void>((resolve) => setTimeout(resolve, options.webhookDelayMs ?? 0).unref?.());
        if (gate) await gate;
        if (id) return jobs.runNow(id);
        return volatileDelivery(event);
      })().finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    };
  }

  /** The delivery the harness disables durability with: retries in memory, gone with the process. */
  async function volatileDelivery(event: WebhookEvent): Promise<void> {
    for (const wait of [0, ...retryDelays]) {
      await new Promise<void>((resolve) => setTimeout(resolve, wait).unref?.());
      try {
        return await send(event);
      } catch (error) {
        logger.warn({ err: error, type: event.type }, 'sandbox webhook delivery failed');
      }
    }
  }

  const paymentObject = (row: SandboxPayment) => ({
    id: row.id,
    amount: row.amount_minor,
    currency: row.currency,
    reference: row.reference,
    status: row.status,
    method: row.method,
    failure_code: row.failure_code,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
  });

  /**
   * Moves a payment on, only from an open state (two tabs paying at once: one wins), with the
   * webhook that tells it (`event`) written in the same transaction and sent once it has committed.
   */
  async function update(id: string, changes: Partial<SandboxPayment>, event?: string): Promise<SandboxPayment | undefined> {
    let send: (() => void) | undefined;
    const row = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('sandbox_payments')
        .set({ ...changes, updated_at: now() })
        .where('id', '=', id)
        .where('status', 'in', ['requires_payment_method', 'requires_action'])
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      const moved = await trx.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (event) send = await emit(trx, event, paymentObject(moved));
      return moved;
    });
    send?.();
    return row;
  }

  async function decline(id: string, code: string, method: string, detail: string): Promise<SandboxStep> {
    const row = await update(
      id,
      { status: 'requires_payment_method', failure_code: code, method, method_detail: detail },
      'payment.failed',
    );
    if (!row) return current(id);
    return { payment: row, error: code };
  }

  async function succeed(id: string, method: string, detail: string): Promise<SandboxStep> {
    const row = await update(id, { status: 'succeeded', failure_code: null, method, method_detail: detail }, 'payment.succeeded');
    if (!row) return current(id);
    return { redirect: row.return_url };
  }

  /** A payment no longer open: its settled state (a paid one returns to the merchant). */
  async function current(id: string): Promise<SandboxStep> {
    const row = await find(id);
    if (!row) throw new Error('unknown sandbox payment');
    if (row.status === 'succeeded') return { redirect: row.return_url };
    if (row.status === 'canceled') return { redirect: row.cancel_url };
    return { payment: row, error: null };
  }

  async function act(id: string, input: SandboxAction): Promise<SandboxStep> {
    const row = await find(id);
    if (!row) throw new Error('unknown sandbox payment');
    if (row.status === 'succeeded' || row.status === 'canceled') return current(id);
    switch (input.action) {
      case 'cancel': {
        await update(id, { status: 'canceled' }, 'payment.canceled');
        return current(id);
      }
      case 'card': {
        const digits = input.number.replace(/[\s-]/g, '');
        const outcome = cardCheck(digits, input.expiry, input.cvc, clock());
        const last4 = digits.slice(-4);
        if (outcome === 'succeeded') return succeed(id, 'card', last4);
        if (outcome === 'requires_action') {
          const waiting = await update(id, { status: 'requires_action', failure_code: null, method: 'card', method_detail: last4 });
          return waiting ? { payment: waiting, error: null } : current(id);
        }
        // form mistakes are the payer's to fix: nothing was attempted, no webhook
        if (['invalid_number', 'invalid_expiry', 'expired_card', 'invalid_cvc'].includes(outcome)) return { payment: row, error: outcome };
        return decline(id, outcome, 'card', last4);
      }
      case 'wallet': {
        const digits = input.phone.replace(/[^\d]/g, '');
        if (!/^\+?[\d\s-]{8,20}$/.test(input.phone.trim()) || digits.length < 8 || digits.length > 15) {
          return { payment: row, error: 'invalid_phone' };
        }
        const masked = maskPhone(digits);
        if (digits.endsWith('0000')) {
          const waiting = await update(id, { status: 'requires_action', failure_code: null, method: 'wallet', method_detail: masked });
          return waiting ? { payment: waiting, error: null } : current(id);
        }
        return decline(id, digits.endsWith('1111') ? 'wallet_declined' : 'wallet_unknown', 'wallet', masked);
      }
      case 'confirm':
      case 'reject': {
        if (row.status !== 'requires_action') return { payment: row, error: null };
        const method = row.method ?? 'card';
        if (input.action === 'confirm') return succeed(id, method, row.method_detail ?? '');
        return decline(id, method === 'wallet' ? 'wallet_rejected' : 'authentication_failed', method, row.method_detail ?? '');
      }
    }
  }

  return {
    name: 'sandbox',
    connect(appFetch) {
      deliver ??= appFetch;
    },

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const byKey = () =>
        db.selectFrom('sandbox_payments').select('id').where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst();
      const existing = await byKey();
      const id = existing?.id ?? newId('sbx_pay');
      if (!existing) {
        await db
          .insertInto('sandbox_payments')
          .values({
            id,
            idempotency_key: input.idempotencyKey,
            amount_minor: input.amountMinor,
            currency: input.currency,
            description: input.description,
            reference: input.reference,
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            language: input.language,
            metadata: JSON.stringify(input.metadata),
            status: 'requires_payment_method',
            method: null,
            method_detail: null,
            failure_code: null,
            refunded_minor: 0,
            created_at: now(),
            updated_at: now(),
          })
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .execute();
      }
      const stored = await byKey();
      if (!stored) throw new Error('the sandbox payment was not stored');
      return { providerPaymentId: stored.id, redirectUrl: `${publicUrl}/api/payments/sandbox/pay/${stored.id}` };
    },

    async retrievePayment(providerPaymentId) {
      const row = await find(providerPaymentId);
      if (!row) throw new Error(`unknown sandbox payment ${providerPaymentId}`);
      return toProviderPayment(row);
    },

    async refund(input: RefundInput): Promise<ProviderRefund> {
      const prior = () =>
        db.selectFrom('sandbox_refunds').selectAll().where('idempotency_key', '=', input.idempotencyKey).executeTakeFirstOrThrow();
      const id = newId('sbx_re');
      let send: () => void = () => {};
      const status = await db.transaction().execute(async (trx) => {
        // the key is claimed first, as a provider does: the same request made at once waits for this one and reads it
        const claimed = await trx
          .insertInto('sandbox_refunds')
          .values({
            id,
            idempotency_key: input.idempotencyKey,
            payment_id: input.providerPaymentId,
            amount_minor: input.amountMinor,
            status: 'failed',
            created_at: now(),
          })
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
        // the refund fits in what is left of the payment, checked and taken in one statement
        const taken = await trx
          .updateTable('sandbox_payments')
          .set((eb) => ({ refunded_minor: eb('refunded_minor', '+', input.amountMinor), updated_at: now() }))
          .where('id', '=', input.providerPaymentId)
          .where('status', '=', 'succeeded')
          .where((eb) => eb(eb('refunded_minor', '+', input.amountMinor), '<=', eb.ref('amount_minor')))
          .executeTakeFirst();
        const outcome = Number(taken.numUpdatedRows) === 1 ? 'succeeded' : 'failed';
        await trx.updateTable('sandbox_refunds').set({ status: outcome }).where('id', '=', id).execute();
        send = await emit(trx, outcome === 'succeeded' ? 'refund.succeeded' : 'refund.failed', {
          id,
          payment: input.providerPaymentId,
          amount: input.amountMinor,
          status: outcome,
        });
        return outcome;
      });
      if (!status) {
        const row = await prior();
        return { providerRefundId: row.id, status: row.status as ProviderRefund['status'] };
      }
      send();
      return { providerRefundId: id, status };
    },

    verifyWebhook(rawBody, headers): PaymentEvent {
      verifySignature(webhookSecret, rawBody, headers.get(SANDBOX_SIGNATURE_HEADER), clock());
      let event: { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        throw new WebhookSignatureError('The signed payload is not JSON.');
      }
      const eventId = String(event.id ?? '');
      const type = String(event.type ?? '');
      const object = event.data?.object ?? {};
      if (!eventId) throw new WebhookSignatureError('The event has no id.');
      if (type === 'payment.succeeded' || type === 'payment.failed' || type === 'payment.canceled') {
        return {
          kind: 'payment',
          eventId,
          type,
          providerPaymentId: String(object.id),
          status: type === 'payment.succeeded' ? 'succeeded' : type === 'payment.failed' ? 'failed' : 'canceled',
          amountMinor: Number(object.amount),
          currency: String(object.currency),
          method: (object.method as string | null) ?? null,
          failureCode: (object.failure_code as string | null) ?? null,
        };
      }
      if (type === 'refund.succeeded' || type === 'refund.failed') {
        return {
          kind: 'refund',
          eventId,
          type,
          providerPaymentId: String(object.payment),
          providerRefundId: String(object.id),
          status: type === 'refund.succeeded' ? 'succeeded' : 'failed',
        };
      }
      return { kind: 'ignored', eventId, type };
    },

    find,
    act,
    async settled() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    pauseWebhooks() {
      if (paused) return;
      let release = () => {};
      const promise = new Promise<void>((resolve) => (release = resolve));
      paused = { promise, release };
    },
    resumeWebhooks() {
      paused?.release();
      paused = null;
    },
    recentWebhooks() {
      return [...recent];
    },
  };
}
