import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { paymentsOf, type PaymentRow, type RefundRow } from '../../lib/payments';
import { SANDBOX_CARDS, type SandboxProvider } from '../../lib/payments/sandbox';
import { signPayload, SANDBOX_SIGNATURE_HEADER } from '../../lib/payments/signature';
import Stripe from 'stripe';
import { createPayments } from '../../lib/payments/ledger';
import { createStripeProvider } from '../../lib/payments/stripe';
import { createJobQueue } from '../../lib/jobs/queue';

/**
 * The payment ledger with the sandbox provider, through HTTP as a payer and the provider would:
 * the hosted payment step, its test cards and wallet, the signed webhook (verified, applied once,
 * a replay changing nothing), the payer's return, and refunds. A test subject type counts what
 * the ledger told it.
 */
const SECRET = 'sandbox-test-secret-0123456789';
let ctx: TestContext;
let sandbox: SandboxProvider;
const told: { succeeded: string[]; failed: string[]; canceled: string[]; refunded: { id: string; amount: number }[] } = {
  succeeded: [],
  failed: [],
  canceled: [],
  refunded: [],
};

beforeAll(async () => {
  ctx = await createTestContext({ envOverrides: { SANDBOX_WEBHOOK_SECRET: SECRET } });
  const payments = paymentsOf(ctx.deps);
  sandbox = payments.provider as SandboxProvider;
  payments.handle('test', {
    async succeeded(_trx, payment) {
      told.succeeded.push(payment.subject_id);
    },
    async failed(_trx, payment) {
      told.failed.push(payment.subject_id);
    },
    async canceled(_trx, payment) {
      told.canceled.push(payment.subject_id);
    },
    async refunded(_trx, payment: PaymentRow, refund: RefundRow) {
      told.refunded.push({ id: payment.subject_id, amount: refund.amount_minor });
    },
  });
});
afterAll(() => ctx.close());

const start = (subjectId: string, amountMinor = 4200) =>
  paymentsOf(ctx.deps).start({
    subjectType: 'test',
    subjectId,
    reference: `SK-${subjectId.toUpperCase()}`,
    amountMinor,
    currency: 'EUR',
    description: 'Two tickets',
    returnPath: `/profile/orders/${subjectId}?from=payment`,
    cancelPath: `/profile/orders/${subjectId}?from=payment&cancelled=1`,
    language: 'en',
    attemptKey: '1',
  });

const stepPath = (payment: PaymentRow) => new URL(payment.redirect_url).pathname;

const submit = (payment: PaymentRow, fields: Record<string, string>) =>
  ctx.request(stepPath(payment), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

const card = (number: string) => ({ action: 'card', number, expiry: '12/40', cvc: '123' });

const statusOf = async (payment: PaymentRow) =>
  (await ctx.deps.db.selectFrom('payments').select('status').where('id', '=', payment.id).executeTakeFirstOrThrow()).status;

const webhook = (body: string, signature: string) =>
  ctx.request('/api/payments/webhooks/sandbox', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    body,
  });

describe('the sandbox payment step', () => {
  it('shows the amount and reference in the payer language, with test numbers', async () => {
    const payment = await start('p-page');
    expect(payment.status).toBe('pending');
    expect(payment.redirect_url).toMatch(/^http:\/\/localhost\/api\/payments\/sandbox\/pay\/sbx_pay_/);
    const page = await ctx.request(stepPath(payment));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toContain('no-store');
    const html = await page.text();
    expect(html).toContain('€42.00');
    expect(html).toContain('SK-P-PAGE');
    expect(html).toContain('4242 4242 4242 4242');
    expect(html).toContain('Mobile wallet');
    // the app's icon, so the browser does not ask for a /favicon.ico that does not exist
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });

  it('a success card returns the payer at once and confirms by a signed webhook, once', async () => {
    const payment = await start('p-ok');
    const answer = await submit(payment, card(SANDBOX_CARDS.success));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('http://localhost/profile/orders/p-ok?from=payment');
    await sandbox.settled();
    expect(await statusOf(payment)).toBe('succeeded');
    expect(told.succeeded.filter((id) => id === 'p-ok')).toHaveLength(1);
    // the payer's return asks the provider too: nothing changes a second time
    expect((await paymentsOf(ctx.deps).sync(payment.id)).status).toBe('succeeded');
    expect(told.succeeded.filter((id) => id === 'p-ok')).toHaveLength(1);
    // the step page of a paid payment goes back to the merchant
    const again = await ctx.request(stepPath(payment), { redirect: 'manual' });
    expect(again.status).toBe(303);
  });

  it("answers the step's own script with the merchant's URL, so the step can replace itself in the tab's history", async () => {
    const page = await ctx.request(stepPath(await start('p-script')));
    const html = await page.text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toContain('location.replace');
    // the page's policy lets exactly that inline script run
    const hash = crypto.createHash('sha256').update(script).digest('base64');
    expect(page.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    const payment = await start('p-json');
    const answer = await ctx.request(stepPath(payment), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(card(SANDBOX_CARDS.success)).toString(),
      redirect: 'manual',
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ redirect: 'http://localhost/profile/orders/p-json?from=payment' });
    await sandbox.settled();
    expect(await statusOf(payment)).toBe('succeeded');
  });

  it('a declined card shows the reason on the step, records the failure and keeps the step open', async () => {
    const payment = await start('p-declined');
    const answer = await submit(payment, card(SANDBOX_CARDS.declined));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Your card was declined.');
    await sandbox.settled();
    expect(await statusOf(payment)).toBe('failed');
    expect(told.failed).toContain('p-declined');
    expect(told.succeeded).not.toContain('p-declined');
    // another card on the same step pays it
    expect((await submit(payment, card(SANDBOX_CARDS.success))).status).toBe(303);
    await sandbox.settled();
    expect(await statusOf(payment)).toBe('succeeded');
  });

  it('form mistakes and non-test cards are refused with a reason', async () => {
    const payment = await start('p-invalid');
    expect(await (await submit(payment, card('4242424242424241'))).text()).toContain('Your card number is not valid.');
    expect(await (await submit(payment, { ...card(SANDBOX_CARDS.success), expiry: '01/20' })).text()).toContain('Your card has expired.');
    expect(await (await submit(payment, card('5555555555554444'))).text()).toContain('this is test mode');
    await sandbox.settled();
    expect(await statusOf(payment)).toBe('failed');
  });

  it('the 3-D Secure card asks for a confirmation step, which can fail or complete', async () => {
    const payment = await start('p-3ds');
    const step = await submit(payment, card(SANDBOX_CARDS.requiresAction));
    expect(step.status).toBe(200);
    expect(await step.text()).toContain('Confirm this payment');
    const failed = await submit(payment, { action: 'reject' });
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain('not confirmed by your bank');
    await submit(payment, card(SANDBOX_CARDS.requiresAction));
    const done = await submit(payment, { action: 'confirm' });
    expect(done.status).toBe(303);
    await sandbox.settled();
    expect(await statusOf(payment)).toBe('succeeded');
  });

  it('the mobile wallet sends an approval request to the phone', async () => {
    const payment = await start('p-wallet');
    const step = await submit(payment, { action: 'wallet', phone: '+212 600 000 000' });
    expect(await step.text()).toContain('+212 •••• 0000');
    expect((await submit(payment, { action: 'confirm' })).status).toBe(303);
    await sandbox.settled();
    expect(await statusOf(payment)).toBe('succeeded');
    const broke = await start('p-wallet-broke');
    expect(await (await submit(broke, { action: 'wallet', phone: '+212 611 111 111' })).text()).toContain('insufficient balance');
  });

  it('cancel returns the payer to the cancel URL and tells the subject', async () => {
    const payment = await start('p-cancel');
    const answer = await submit(payment, { action: 'cancel' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toContain('cancelled=1');
    await sandbox.settled();
    expect(await statusOf(payment)).toBe('canceled');
    expect(told.canceled).toContain('p-cancel');
  });

  it('the same attempt key never creates a second payment', async () => {
    const [a, b] = await Promise.all([start('p-twice'), start('p-twice')]);
    expect(a.id).toBe(b.id);
    const rows = await ctx.deps.db.selectFrom('payments').select('id').where('subject_id', '=', 'p-twice').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('the webhook', () => {
  it('refuses a bad signature and changes nothing', async () => {
    const payment = await start('p-forged');
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'payment.succeeded',
      data: { object: { id: payment.provider_payment_id, amount: 4200, currency: 'EUR' } },
    });
    const forged = await webhook(body, signPayload('not-the-secret-at-all-0123', body, new Date()));
    expect(forged.status).toBe(400);
    expect(forged.headers.get('content-type')).toContain('application/problem+json');
    expect((await forged.json()).code).toBe('invalid_signature');
    expect((await webhook(body, '')).status).toBe(400);
    // a real signature from five minutes ago is refused too
    expect((await webhook(body, signPayload(SECRET, body, new Date(Date.now() - 6 * 60_000)))).status).toBe(400);
    expect(await statusOf(payment)).toBe('pending');
    expect(told.succeeded).not.toContain('p-forged');
  });

  it('a replayed webhook answers duplicate and changes nothing', async () => {
    const payment = await start('p-replay');
    await submit(payment, card(SANDBOX_CARDS.success));
    await sandbox.settled();
    const sent = sandbox.recentWebhooks().find((w) => w.body.includes(payment.provider_payment_id));
    expect(sent?.type).toBe('payment.succeeded');
    const replay = await webhook(sent!.body, sent!.signature);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(told.succeeded.filter((id) => id === 'p-replay')).toHaveLength(1);
  });

  it('a webhook that arrives before the payer returns completes the payment once; the return changes nothing', async () => {
    const payment = await start('p-early');
    sandbox.pauseWebhooks();
    await submit(payment, card(SANDBOX_CARDS.success));
    // the payer is back first here: the return path confirms through the provider
    expect((await paymentsOf(ctx.deps).sync(payment.id)).status).toBe('succeeded');
    sandbox.resumeWebhooks();
    await sandbox.settled();
    expect(told.succeeded.filter((id) => id === 'p-early')).toHaveLength(1);
  });

  it('a webhook for another provider path is not found', async () => {
    const response = await ctx.request('/api/payments/webhooks/stripe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(404);
  });
});

describe('refunds', () => {
  it('refund everything once, whatever the retries; the subject is told once', async () => {
    const payment = await start('p-refund', 5000);
    await submit(payment, card(SANDBOX_CARDS.success));
    await sandbox.settled();
    const payments = paymentsOf(ctx.deps);
    const [first, second] = await Promise.all([
      payments.refund({ paymentId: payment.id, reason: 'event cancelled', idempotencyKey: 'refund-p-refund' }),
      payments.refund({ paymentId: payment.id, reason: 'event cancelled', idempotencyKey: 'refund-p-refund' }),
    ]);
    expect(first.id).toBe(second.id);
    await sandbox.settled();
    const row = await ctx.deps.db.selectFrom('payments').selectAll().where('id', '=', payment.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('refunded');
    expect(row.refunded_minor).toBe(5000);
    expect(told.refunded.filter((r) => r.id === 'p-refund')).toEqual([{ id: 'p-refund', amount: 5000 }]);
    await expect(payments.refund({ paymentId: payment.id, reason: 'again', idempotencyKey: 'refund-p-refund-2' })).rejects.toThrow(
      /Only a paid payment/,
    );
  });

  it('a refund recorded by a process that died before the provider answered is asked again, and settled once', async () => {
    const payment = await start('p-died', 4000);
    await submit(payment, card(SANDBOX_CARDS.success));
    await sandbox.settled();
    // what the dead process left: the refund's row, pending, the provider never asked
    await ctx.deps.db
      .insertInto('refunds')
      .values({
        id: 'refund-left-by-the-dead',
        payment_id: payment.id,
        idempotency_key: 'died-before-asking',
        provider_refund_id: null,
        amount_minor: 4000,
        status: 'pending',
        reason: 'late_payment',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const payments = paymentsOf(ctx.deps);
    const retried = await payments.refund({ paymentId: payment.id, reason: 'late_payment', idempotencyKey: 'died-before-asking' });
    expect(retried.id).toBe('refund-left-by-the-dead');
    await sandbox.settled();
    const row = await ctx.deps.db.selectFrom('payments').selectAll().where('id', '=', payment.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'refunded', refunded_minor: 4000 });
    // asked again, the settled refund is only read back
    await payments.refund({ paymentId: payment.id, reason: 'late_payment', idempotencyKey: 'died-before-asking' });
    await sandbox.settled();
    expect(told.refunded.filter((r) => r.id === 'p-died')).toEqual([{ id: 'p-died', amount: 4000 }]);
  });

  it('a partial refund leaves the rest refundable; an unpaid payment cannot be refunded', async () => {
    const payment = await start('p-partial', 3000);
    const payments = paymentsOf(ctx.deps);
    await expect(payments.refund({ paymentId: payment.id, reason: 'x', idempotencyKey: 'early' })).rejects.toThrow(/Only a paid/);
    await submit(payment, card(SANDBOX_CARDS.success));
    await sandbox.settled();
    await payments.refund({ paymentId: payment.id, amountMinor: 1000, reason: 'one ticket', idempotencyKey: 'partial-1' });
    await expect(
      payments.refund({ paymentId: payment.id, amountMinor: 2500, reason: 'too much', idempotencyKey: 'partial-2' }),
    ).rejects.toThrow(/larger than what is left/);
    await sandbox.settled();
    const row = await ctx.deps.db.selectFrom('payments').selectAll().where('id', '=', payment.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'partially_refunded', refunded_minor: 1000 });
  });
});

describe('a Stripe webhook', () => {
  it('is applied as the event fetched by id from the API, not as its signed body says', async () => {
    const webhookSecret = 'whsec_ledger_test';
    const now = new Date();
    const stripe = new Stripe('sk_test_dummy');
    const session = { id: 'cs_test_fetched', object: 'checkout.session', amount_total: 8000, currency: 'eur', status: 'complete' };
    const paidEvent = { id: 'evt_fetched', object: 'event', type: 'checkout.session.completed' };
    const asked: string[] = [];
    // the API: the session is not paid (the body below claims it is)
    const httpClient = Stripe.createFetchHttpClient(async (input: RequestInfo | URL) => {
      asked.push(new URL(String(input)).pathname);
      const body = { ...paidEvent, data: { object: { ...session, payment_status: 'unpaid' } } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', 'Request-Id': 'req_1' } });
    });
    const ledger = createPayments({
      db: ctx.deps.db,
      clock: () => now,
      logger: ctx.deps.logger,
      publicUrl: 'http://localhost',
      provider: createStripeProvider({ secretKey: 'sk_test_dummy', webhookSecret, clock: () => now, httpClient }),
      jobs: createJobQueue({ db: ctx.deps.db, dialect: ctx.deps.dialect, clock: () => now, logger: ctx.deps.logger }),
    });
    await ctx.deps.db
      .insertInto('payments')
      .values({
        id: 'pay-stripe-fetched',
        provider: 'stripe',
        provider_payment_id: session.id,
        subject_type: 'test',
        subject_id: 'p-stripe',
        reference: 'SK-STRIPE',
        amount_minor: 8000,
        currency: 'EUR',
        status: 'pending',
        refunded_minor: 0,
        method: null,
        failure_code: null,
        redirect_url: 'https://checkout.stripe.com/c/pay/cs_test_fetched',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    const payload = JSON.stringify({ ...paidEvent, data: { object: { ...session, payment_status: 'paid' } } });
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(now.getTime() / 1000),
    });
    expect(await ledger.receiveWebhook(payload, new Headers({ 'stripe-signature': header }))).toBe('ignored');
    expect(asked).toEqual(['/v1/events/evt_fetched']);
    expect(await statusOf({ id: 'pay-stripe-fetched' } as PaymentRow)).toBe('pending');
  });
});
