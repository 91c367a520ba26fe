import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { HttpError, notFound } from '../../lib/errors';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, media, problems } from '../../lib/openapi';
import { paymentsOf, WebhookSignatureError } from '../../lib/payments';
import type { SandboxProvider } from '../../lib/payments/sandbox';
import { renderSandboxPage, SANDBOX_PAGE_CSP } from '../../lib/payments/sandbox-page';

const tags = ['Payments'];

const webhookAnswerSchema = z.object({
  received: z.literal(true),
  /**
   * processed: applied now; duplicate: seen before (nothing changed); ignored: nothing to do;
   * refused: its amount or currency is not the payment's (nothing applied, the seller is told)
   */
  outcome: z.enum(['processed', 'duplicate', 'ignored', 'refused']),
});

const webhook = createRoute({
  method: 'post',
  path: '/webhooks/{provider}',
  tags,
  summary: "The payment provider's signed webhook",
  description:
    'Verified against the exact body (sandbox: `Souk-Sandbox-Signature`; Stripe: `Stripe-Signature`, the event then fetched by id ' +
    'from Stripe), recorded once by event id (a replay answers `duplicate` and changes nothing) and applied once; an amount or ' +
    "currency other than the payment's is refused (`refused`).",
  request: {
    params: z.object({ provider: z.enum(['sandbox', 'stripe']) }),
    body: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
  },
  responses: { 200: json(webhookAnswerSchema, 'The event was received.', 'WebhookAnswer'), ...problems(400, 404) },
});

const paymentId = z.object({ id: z.string().min(1).max(80) });

const sandboxPage = createRoute({
  method: 'get',
  path: '/sandbox/pay/{id}',
  tags,
  summary: "The sandbox provider's hosted payment step",
  description: 'A page: card or mobile wallet, then a confirmation step when asked. A settled payment redirects to its return URL.',
  request: { params: paymentId },
  responses: {
    200: media('text/html', 'The payment step.', 'text'),
    303: { description: 'Settled: back to the merchant.' },
    ...problems(404),
  },
});

const sandboxAction = createRoute({
  method: 'post',
  path: '/sandbox/pay/{id}',
  tags,
  summary: 'What the payer did on the sandbox payment step',
  request: {
    params: paymentId,
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: z.object({
            action: z.enum(['card', 'wallet', 'confirm', 'reject', 'cancel']),
            number: z.string().max(40).optional(),
            expiry: z.string().max(10).optional(),
            cvc: z.string().max(10).optional(),
            phone: z.string().max(40).optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description:
        'The payment step again: the next step, or what went wrong (declined, invalid card). Asked with `Accept: application/json` ' +
        "(the step's own script), a settled payment answers `{redirect}`, the merchant's URL, instead of the 303.",
      content: {
        ...media('text/html', '', 'text').content,
        'application/json': { schema: z.object({ redirect: z.string() }) },
      },
    },
    303: { description: 'Paid or cancelled: back to the merchant.' },
    ...problems(400, 404),
  },
});

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': SANDBOX_PAGE_CSP, ...PRIVATE_NO_STORE };

/**
 * `/api/payments`: the provider's webhook, and (sandbox only) its hosted payment step. Not under
 * one of the spec's bases: neither is a read or write of a user, a firm or the public.
 */
export function paymentRoutes(deps: AppDeps) {
  const sandbox = () => {
    const provider = paymentsOf(deps).provider;
    if (provider.name !== 'sandbox') throw notFound('The sandbox payment provider is not in use.');
    return provider as SandboxProvider;
  };

  return createRouter()
    .openapi(webhook, async (c) => {
      const payments = paymentsOf(deps);
      if (c.req.valid('param').provider !== payments.provider.name) throw notFound('No such payment provider here.');
      const raw = await c.req.text();
      try {
        const outcome = await payments.receiveWebhook(raw, c.req.raw.headers);
        return c.json({ received: true as const, outcome }, 200, PRIVATE_NO_STORE);
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new HttpError(400, `The webhook signature does not verify: ${error.message}`, 'invalid_signature');
        throw error;
      }
    })
    .openapi(sandboxPage, async (c) => {
      const { id } = c.req.valid('param');
      const payment = await sandbox().find(id);
      if (!payment) throw notFound('No such payment.');
      if (payment.status === 'succeeded') return c.redirect(payment.return_url, 303);
      if (payment.status === 'canceled') return c.redirect(payment.cancel_url, 303);
      return c.body(renderSandboxPage(payment, payment.failure_code, c.req.path), 200, HTML_HEADERS);
    })
    .openapi(sandboxAction, async (c) => {
      const { id } = c.req.valid('param');
      const form = c.req.valid('form');
      const provider = sandbox();
      if (!(await provider.find(id))) throw notFound('No such payment.');
      const step = await provider.act(
        id,
        form.action === 'card'
          ? { action: 'card', number: form.number ?? '', expiry: form.expiry ?? '', cvc: form.cvc ?? '' }
          : form.action === 'wallet'
            ? { action: 'wallet', phone: form.phone ?? '' }
            : { action: form.action },
      );
      if ('redirect' in step) {
        // the step's script asks for JSON: it leaves the step by replacing it in the tab's history
        if ((c.req.header('accept') ?? '').startsWith('application/json'))
          return c.json({ redirect: step.redirect }, 200, PRIVATE_NO_STORE);
        return c.redirect(step.redirect, 303);
      }
      return c.body(renderSandboxPage(step.payment, step.error, c.req.path), 200, HTML_HEADERS);
    });
}
