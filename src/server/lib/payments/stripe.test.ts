import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './provider';
import { createStripeProvider } from './stripe';

/**
 * The Stripe adapter without a network: webhooks signed by the library's own test helper
 * (`stripe.webhooks.generateTestHeaderString`), API calls answered by a fake fetch given to the
 * library's own HTTP client.
 */
const webhookSecret = 'whsec_test_secret';
const now = new Date('2026-06-10T12:00:00Z');
const stripe = new Stripe('sk_test_dummy');

function signed(event: Record<string, unknown>, at = now) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: Math.floor(at.getTime() / 1000) });
  return { payload, headers: new Headers({ 'stripe-signature': header }) };
}

const session = (extra: Record<string, unknown> = {}) => ({
  id: 'cs_test_123',
  object: 'checkout.session',
  amount_total: 8000,
  currency: 'eur',
  payment_status: 'paid',
  status: 'complete',
  payment_intent: 'pi_123',
  payment_method_types: ['card'],
  ...extra,
});

const event = (type: string, object: Record<string, unknown>, id = 'evt_1') => ({ id, object: 'event', type, data: { object } });

function fakeFetch(calls: { url: string; body: string; headers: Record<string, string> }[], answer: unknown) {
  return Stripe.createFetchHttpClient(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: String(init?.body ?? ''), headers: Object.fromEntries(new Headers(init?.headers).entries()) });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json', 'Request-Id': 'req_1' } });
  });
}

describe('the Stripe adapter', () => {
  const provider = createStripeProvider({ secretKey: 'sk_test_dummy', webhookSecret, clock: () => now });

  it('reads a paid Checkout Session from a webhook signed with the library test helper', () => {
    const { payload, headers } = signed(event('checkout.session.completed', session()));
    expect(provider.verifyWebhook(payload, headers)).toEqual({
      kind: 'payment',
      eventId: 'evt_1',
      type: 'checkout.session.completed',
      providerPaymentId: 'cs_test_123',
      status: 'succeeded',
      amountMinor: 8000,
      currency: 'EUR',
      method: 'card',
      failureCode: null,
    });
  });

  it('maps expired and failed sessions, refunds, and ignores what it does not act on', () => {
    const expired = signed(event('checkout.session.expired', session({ payment_status: 'unpaid', status: 'expired' }), 'evt_2'));
    expect(provider.verifyWebhook(expired.payload, expired.headers)).toMatchObject({ kind: 'payment', status: 'canceled' });
    const failed = signed(event('checkout.session.async_payment_failed', session({ payment_status: 'unpaid' }), 'evt_3'));
    expect(provider.verifyWebhook(failed.payload, failed.headers)).toMatchObject({ kind: 'payment', status: 'failed' });
    const unpaid = signed(event('checkout.session.completed', session({ payment_status: 'unpaid' }), 'evt_4'));
    expect(provider.verifyWebhook(unpaid.payload, unpaid.headers)).toEqual({
      kind: 'ignored',
      eventId: 'evt_4',
      type: 'checkout.session.completed',
    });
    const refund = signed(
      event('refund.updated', { id: 're_1', object: 'refund', status: 'succeeded', metadata: { session: 'cs_test_123' } }, 'evt_5'),
    );
    expect(provider.verifyWebhook(refund.payload, refund.headers)).toMatchObject({
      kind: 'refund',
      providerRefundId: 're_1',
      status: 'succeeded',
    });
    const other = signed(event('customer.created', { id: 'cus_1' }, 'evt_6'));
    expect(provider.verifyWebhook(other.payload, other.headers)).toMatchObject({ kind: 'ignored' });
  });

  it('refuses a bad signature, an altered body and an old timestamp', () => {
    const { payload, headers } = signed(event('checkout.session.completed', session()));
    const forged = new Headers({
      'stripe-signature': stripe.webhooks.generateTestHeaderString({
        payload,
        secret: 'whsec_other',
        timestamp: Math.floor(now.getTime() / 1000),
      }),
    });
    expect(() => provider.verifyWebhook(payload, forged)).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(payload.replace('8000', '1'), headers)).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(payload, new Headers())).toThrow(WebhookSignatureError);
    const old = signed(event('checkout.session.completed', session()), new Date(now.getTime() - 10 * 60_000));
    expect(() => provider.verifyWebhook(old.payload, old.headers)).toThrow(WebhookSignatureError);
  });

  it('creates a Checkout Session for the amount, with the idempotency key and return URLs', async () => {
    const calls: { url: string; body: string; headers: Record<string, string> }[] = [];
    const offline = createStripeProvider({
      secretKey: 'sk_test_dummy',
      webhookSecret,
      clock: () => now,
      httpClient: fakeFetch(calls, {
        ...session({ payment_status: 'unpaid', status: 'open' }),
        url: 'https://checkout.stripe.com/c/pay/cs_test_123',
      }),
    });
    const created = await offline.createPayment({
      amountMinor: 8000,
      currency: 'EUR',
      reference: 'SK-ABC123',
      description: 'Tickets',
      returnUrl: 'http://localhost/profile/orders/SK-ABC123?from=payment',
      cancelUrl: 'http://localhost/profile/orders/SK-ABC123?from=payment&cancelled=1',
      metadata: { orderId: 'o1' },
      idempotencyKey: 'order:o1:1',
      language: 'fr',
    });
    expect(created).toEqual({ providerPaymentId: 'cs_test_123', redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_123' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toContain('/v1/checkout/sessions');
    expect(calls[0].headers['idempotency-key']).toBe('order:o1:1');
    const form = new URLSearchParams(calls[0].body);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('8000');
    expect(form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(form.get('client_reference_id')).toBe('SK-ABC123');
    expect(form.get('locale')).toBe('fr');
    expect(form.get('metadata[orderId]')).toBe('o1');
  });

  it('acts on the event as fetched by id from the API, not on the signed body', async () => {
    const calls: { url: string; body: string; headers: Record<string, string> }[] = [];
    // the API knows the session paid 1.00 USD, whatever a body claims
    const offline = createStripeProvider({
      secretKey: 'sk_test_dummy',
      webhookSecret,
      clock: () => now,
      httpClient: fakeFetch(calls, event('checkout.session.completed', session({ amount_total: 100, currency: 'usd' }), 'evt_9')),
    });
    expect(await offline.retrieveEvent!('evt_9')).toMatchObject({ kind: 'payment', eventId: 'evt_9', amountMinor: 100, currency: 'USD' });
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/v1/events/evt_9']);
  });
});
