import type { TFunction } from 'i18next';
import { CHECKOUT_PROBLEMS, type CheckoutProblem } from '../../shared/purchase';
import { ApiError } from './api-client';

/**
 * What the purchase form and the cart share about checking out: the key that makes a retried
 * request the same purchase, the problem a refusal names shown in the user's language (locales
 * tickets.json `problems.<code>`), and the way to the payment step.
 */

/** One per purchase attempt: the same request sent again (a retry) is the same order. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The checkout problem of an error, if it names one we explain. */
export function checkoutProblem(error: unknown): CheckoutProblem | undefined {
  const code = error instanceof ApiError ? error.code : undefined;
  return CHECKOUT_PROBLEMS.find((known) => known === code);
}

/**
 * The message a refusal shows in the form, in the user's language: ours for the problems we know (the
 * server's detail is English), else the server's detail (a promo code's refusal comes in the user's language).
 */
export function checkoutMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 0) return t('problems.offline', { ns: 'tickets' });
  const problem = checkoutProblem(error);
  if (problem) return t(`problems.${problem}`, { ns: 'tickets' });
  if (error instanceof ApiError) return error.message;
  return t('problems.unknown', { ns: 'tickets' });
}

/** Leaves for the payment step (the provider's page, or the sandbox's on this server). */
export function goToPaymentStep(url: string): void {
  window.location.assign(url);
}
