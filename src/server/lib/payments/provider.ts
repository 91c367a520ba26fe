/**
 * What a payment service provider (PSP) does for us, whichever it is: `sandbox` (built in,
 * behaves like a PSP's test mode) or `stripe`. Amounts are integers in the currency's minor
 * units (cents) with an ISO 4217 code. The ledger (./ledger.ts) is the only caller: modules
 * never talk to a provider directly.
 */

/** A payment as the provider sees it. */
type ProviderPaymentStatus = 'open' | 'succeeded' | 'failed' | 'canceled';

export interface CreatePaymentInput {
  amountMinor: number;
  currency: string;
  /** our human reference (an order's `SK-…`), shown on the payment step and the statement */
  reference: string;
  /** one line saying what is paid for */
  description: string;
  /** absolute URLs the payment step sends the payer back to */
  returnUrl: string;
  cancelUrl: string;
  /** kept with the payment and echoed in its webhooks */
  metadata: Record<string, string>;
  /** the same key never creates a second payment at the provider */
  idempotencyKey: string;
  /** the payment step's language */
  language: 'en' | 'ar' | 'fr';
  customerEmail?: string;
}

export interface CreatedPayment {
  providerPaymentId: string;
  /** the hosted payment step: send the payer's browser there */
  redirectUrl: string;
}

export interface ProviderPayment {
  providerPaymentId: string;
  status: ProviderPaymentStatus;
  amountMinor: number;
  currency: string;
  /** 'card', 'wallet', … once known */
  method: string | null;
  /** why the last attempt failed ('card_declined', …) */
  failureCode: string | null;
}

export interface RefundInput {
  providerPaymentId: string;
  amountMinor: number;
  idempotencyKey: string;
  reason: string;
}

export interface ProviderRefund {
  providerRefundId: string;
  status: 'pending' | 'succeeded' | 'failed';
}

/** A verified webhook, in our words. `eventId` is unique per event: a replay carries the same one. */
export type PaymentEvent =
  | {
      kind: 'payment';
      eventId: string;
      type: string;
      providerPaymentId: string;
      status: 'succeeded' | 'failed' | 'canceled';
      amountMinor: number;
      currency: string;
      method: string | null;
      failureCode: string | null;
    }
  | {
      kind: 'refund';
      eventId: string;
      type: string;
      providerPaymentId: string | null;
      providerRefundId: string;
      status: 'succeeded' | 'failed';
    }
  | { kind: 'ignored'; eventId: string; type: string };

/** A webhook whose signature does not hold (forged, altered, or too old to be anything but a replay). */
export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  retrievePayment(providerPaymentId: string): Promise<ProviderPayment>;
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** Checks the signature of a webhook's exact bytes and reads it; throws WebhookSignatureError. */
  verifyWebhook(rawBody: string, headers: Headers): PaymentEvent;
  /**
   * The event as the provider's API gives it by id, when it can be asked: what the ledger acts
   * on, rather than the body (a signed body is still a copy; the API is the source).
   */
  retrieveEvent?(eventId: string): Promise<PaymentEvent>;
  /**
   * Called once by createApp with the app's own fetch: the sandbox delivers its webhooks to
   * `/api/payments/webhooks/sandbox` through it (in process, every middleware included).
   */
  connect?(appFetch: (request: Request) => Response | Promise<Response>): void;
}
