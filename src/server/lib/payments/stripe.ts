import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
} from './provider';

/**
 * `PAYMENT_PROVIDER=stripe`: Stripe Checkout through the official library. A payment is a
 * Checkout Session (one line: the order's description and total); the hosted step is Stripe's
 * page (cards and the regional methods enabled on the Stripe account); webhooks are verified by
 * `stripe.webhooks.constructEvent` with STRIPE_WEBHOOK_SECRET. Events we act on:
 * `checkout.session.completed` (paid), `checkout.session.async_payment_succeeded` / `_failed`
 * (methods that settle later), `checkout.session.expired`, and `refund.updated` / `refund.failed`.
 * A verified webhook only names its event: the ledger acts on the event fetched by id from the API
 * (`retrieveEvent`), so that a leaked signing secret alone cannot mark an order paid.
 */
export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** the clock webhook timestamps are checked against */
  clock: () => Date;
  /** the library's HTTP client (tests give one that answers without a network) */
  httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
}

type Session = Stripe.Checkout.Session;

function sessionStatus(session: Session): ProviderPayment['status'] {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'succeeded';
  if (session.status === 'expired') return 'canceled';
  return 'open';
}

const paymentIntentId = (session: Session) =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);

/** The events we act on, in our words (a webhook's body, or the same event fetched by id). */
function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const status =
        event.type === 'checkout.session.expired'
          ? 'canceled'
          : event.type === 'checkout.session.async_payment_failed'
            ? 'failed'
            : sessionStatus(session);
      // completed but not yet paid (a bank transfer, a voucher): the async events follow
      if (status === 'open') return { kind: 'ignored', eventId: event.id, type: event.type };
      return {
        kind: 'payment',
        eventId: event.id,
        type: event.type,
        providerPaymentId: session.id,
        status,
        amountMinor: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase(),
        method: session.payment_method_types?.[0] ?? null,
        failureCode: status === 'failed' ? 'async_payment_failed' : null,
      };
    }
    case 'refund.updated':
    case 'refund.failed': {
      const refund = event.data.object;
      if (refund.status !== 'succeeded' && refund.status !== 'failed') return { kind: 'ignored', eventId: event.id, type: event.type };
      return {
        kind: 'refund',
        eventId: event.id,
        type: event.type,
        providerPaymentId: refund.metadata?.session ?? null,
        providerRefundId: refund.id,
        status: refund.status,
      };
    }
    default:
      return { kind: 'ignored', eventId: event.id, type: event.type };
  }
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
    maxNetworkRetries: 2,
    appInfo: { name: 'Souk' },
  });

  return {
    name: 'stripe',

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountMinor,
                product_data: { name: `${input.description} (${input.reference})` },
              },
            },
          ],
          client_reference_id: input.reference,
          customer_email: input.customerEmail,
          locale: input.language,
          metadata: { ...input.metadata, reference: input.reference },
          payment_intent_data: { metadata: { ...input.metadata, reference: input.reference }, description: input.description },
          success_url: input.returnUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe created a Checkout Session without a URL');
      return { providerPaymentId: session.id, redirectUrl: session.url };
    },

    async retrievePayment(providerPaymentId: string): Promise<ProviderPayment> {
      const session = await stripe.checkout.sessions.retrieve(providerPaymentId);
      return {
        providerPaymentId: session.id,
        status: sessionStatus(session),
        amountMinor: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase(),
        method: session.payment_method_types?.[0] ?? null,
        failureCode: null,
      };
    },

    async refund(input): Promise<ProviderRefund> {
      const session = await stripe.checkout.sessions.retrieve(input.providerPaymentId);
      const intent = paymentIntentId(session);
      if (!intent) throw new Error('This Checkout Session has no payment to refund');
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: input.amountMinor, metadata: { reason: input.reason, session: session.id } },
        { idempotencyKey: input.idempotencyKey },
      );
      const status =
        refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
      return { providerRefundId: refund.id, status };
    },

    async retrieveEvent(eventId) {
      return toPaymentEvent(await stripe.events.retrieve(eventId));
    },

    verifyWebhook(rawBody, headers): PaymentEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          headers.get('stripe-signature') ?? '',
          options.webhookSecret,
          undefined,
          undefined,
          options.clock().getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      return toPaymentEvent(event);
    },
  };
}
