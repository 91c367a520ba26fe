import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { firmIdQuerySchema, invoiceListSchema, planChangeResultSchema, planChangeSchema, planOrderSchema } from '../../../shared/workspace';
import { requestLanguage } from '../../../shared/request-language';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, media, problems, SIGNED_IN } from '../../lib/openapi';
import { paymentsOf } from '../../lib/payments';
import { employmentOf, entityFirm, requireEmployment } from '../../lib/permissions';
import { createSubscriptionService } from './subscriptions.service';

const tags = ['Workspace: plan and billing'];
const security = SIGNED_IN;
const query = firmIdQuerySchema;

const change = createRoute({
  method: 'post',
  path: '/subscription/change',
  tags,
  security,
  middleware: [requireEmployment('plan.change')],
  summary: 'Changes the plan: the free plan at once; a paid plan after its payment (answers the payment step to send the owner to)',
  request: { query, body: { required: true, content: { 'application/json': { schema: planChangeSchema } } } },
  responses: {
    200: json(planChangeResultSchema, 'Changed to the free plan.', 'PlanChangeResult'),
    201: json(planChangeResultSchema, 'A paid plan ordered: pay at `redirectUrl`.', 'PlanChangeResult'),
    ...problems(400, 401, 403, 409),
  },
});
const order = createRoute({
  method: 'get',
  path: '/subscription/orders/{orderId}',
  tags,
  security,
  middleware: [requireEmployment('plan.view', entityFirm('plan_orders', 'orderId'))],
  summary: 'Where a paid plan order stands (asks the provider while it is pending: the owner is back from paying)',
  request: { params: z.object({ orderId: z.string() }) },
  responses: { 200: json(planOrderSchema, 'The order.', 'PlanOrder'), ...problems(401, 403, 404) },
});
const invoices = createRoute({
  method: 'get',
  path: '/billing/invoices',
  tags,
  security,
  middleware: [requireEmployment('billing.view')],
  summary: "The firm's invoices, newest first",
  request: { query },
  responses: { 200: json(invoiceListSchema, 'Invoices.', 'InvoiceList'), ...problems(400, 401, 403) },
});
const receipt = createRoute({
  method: 'get',
  path: '/billing/invoices/{invoiceId}/receipt',
  tags,
  security,
  middleware: [requireEmployment('billing.view', entityFirm('invoices', 'invoiceId'))],
  summary: "An invoice's receipt to download: a printable HTML page in the firm's language",
  request: { params: z.object({ invoiceId: z.string() }) },
  responses: { 200: media('text/html', 'The receipt.', 'text'), ...problems(401, 403, 404) },
});

/** `/api/dashboard/subscription` and `/api/dashboard/billing`: the plan (paid through lib/payments) and its invoices. */
export function subscriptionRoutes(deps: AppDeps) {
  const subscriptions = createSubscriptionService({ db: deps.db, clock: deps.clock, payments: paymentsOf(deps) });
  return createRouter()
    .openapi(change, async (c) => {
      const result = await subscriptions.change(employmentOf(c), c.req.valid('json').plan, requestLanguage(c.req.raw));
      return c.json(result, result.redirectUrl ? 201 : 200, PRIVATE_NO_STORE);
    })
    .openapi(order, async (c) =>
      c.json(await subscriptions.order(employmentOf(c).firmId, c.req.valid('param').orderId), 200, PRIVATE_NO_STORE),
    )
    .openapi(invoices, async (c) => c.json(await subscriptions.invoices(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(receipt, async (c) => {
      const { number, html } = await subscriptions.receipt(employmentOf(c).firmId, c.req.valid('param').invoiceId);
      return c.body(html, 200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Disposition': `attachment; filename="souk-receipt-${number}.html"`,
        ...PRIVATE_NO_STORE,
      });
    });
}
