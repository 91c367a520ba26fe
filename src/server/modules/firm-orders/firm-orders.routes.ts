import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  counterPaymentSchema,
  firmOrderDetailSchema,
  firmOrderPageSchema,
  firmOrderQuerySchema,
  fulfilmentInputSchema,
} from '../../../shared/firm-orders';
import { orderReferenceSchema, refundInputSchema } from '../../../shared/orders';
import { idempotencyKeySchema } from '../../../shared/purchase';
import { userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment, type FirmFrom } from '../../lib/permissions';
import { createRefunds } from '../orders/refunds';
import { createOrderService } from '../orders/orders.service';
import { createFirmOrderService, firmOfOrder } from './firm-orders.service';

const tags = ['Workspace: orders'];
const security = SIGNED_IN;
const referenceParam = z.object({ reference: orderReferenceSchema });
/** The firm of the order the path names (by reference): another firm's order is not found. */
const orderFirm: FirmFrom = async (c, db) => {
  const reference = c.req.param('reference');
  return reference ? firmOfOrder(db, reference) : undefined;
};
const detailResponse = json(firmOrderDetailSchema, 'The order.', 'FirmOrderDetail');

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: "The firm's orders, tickets and shop, newest first; `status` filters, `q` finds a reference (or part of one)",
  description:
    'Buyers are named as they show themselves on Souk (first and last name); their email and other details are never part of it. ' +
    'Keyset pages: the next page is asked for with the `nextCursor` of this one as `cursor` (the same filters); a cursor this list ' +
    'did not give answers 400.',
  request: { query: firmOrderQuerySchema },
  responses: { 200: json(firmOrderPageSchema, 'A page of orders.', 'FirmOrderPage'), ...problems(400, 401, 403) },
});
const read = createRoute({
  method: 'get',
  path: '/{reference}',
  tags,
  security,
  middleware: [requireEmployment('sales.handle', orderFirm)],
  summary: 'One order: its lines, tickets with their holders, payment status, and times (to show on the firm’s clock)',
  request: { params: referenceParam },
  responses: { 200: detailResponse, ...problems(400, 401, 403, 404) },
});
const fulfil = createRoute({
  method: 'post',
  path: '/{reference}/fulfilment',
  tags,
  security,
  middleware: [requireEmployment('sales.handle', orderFirm)],
  summary: 'Moves a paid shop order one step: `ready` (to collect), then `collected` (handed over); the buyer is notified',
  description:
    'Each step is taken once: the same step again, a step out of order, a ticket order or an unpaid order answer 409 `fulfilment_step_refused`.',
  request: { params: referenceParam, body: { required: true, content: { 'application/json': { schema: fulfilmentInputSchema } } } },
  responses: { 200: detailResponse, ...problems(400, 401, 403, 404, 409) },
});

const refund = createRoute({
  method: 'post',
  path: '/{reference}/refunds',
  tags,
  security,
  middleware: [requireEmployment('sales.refund', orderFirm)],
  summary: 'Refunds a paid order, whole (`whole`) or some of its tickets and line quantities, with the reason the buyer is told',
  description:
    'The money goes back through the payment provider; refunded tickets are void, their seats and the stock come back, and the buyer is ' +
    'notified and mailed. Never more than was paid: a ticket or quantity refunded already answers 409 `refund_too_large`, an unpaid ' +
    'order 409 `order_not_refundable`. The same Idempotency-Key again (a double click) refunds nothing more.',
  request: {
    params: referenceParam,
    headers: z.object({ 'idempotency-key': idempotencyKeySchema }),
    body: { required: true, content: { 'application/json': { schema: refundInputSchema } } },
  },
  responses: { 200: detailResponse, ...problems(400, 401, 403, 404, 409) },
});
const counterPayment = createRoute({
  method: 'post',
  path: '/{reference}/counter-payment',
  tags,
  security,
  middleware: [requireEmployment('sales.handle', orderFirm)],
  summary: "Records that staff took a table order's payment at the counter, in cash or by card",
  description:
    'For an order the guest chose to pay at the counter: it becomes paid (its dishes are with the kitchen already). Once only: ' +
    'taken already answers 409 `counter_paid_already`, an order not paid at the counter 409 `not_a_counter_order`.',
  request: { params: referenceParam, body: { required: true, content: { 'application/json': { schema: counterPaymentSchema } } } },
  responses: { 200: detailResponse, ...problems(400, 401, 403, 404, 409) },
});

/** `/api/dashboard/orders`: the orders the firm receives, the fulfilment of its shop orders, refunds. */
export function firmOrderRoutes(deps: AppDeps) {
  const orders = createFirmOrderService(deps);
  const refunds = createRefunds(deps);
  const buying = createOrderService(deps, { capacityGuard: !deps.unsafeWithoutCapacityGuard });
  return createRouter()
    .openapi(list, async (c) => {
      const { firmId, cursor, size, status, q } = c.req.valid('query');
      return c.json(await orders.list(firmId, { cursor, size, status, q }), 200, PRIVATE_NO_STORE);
    })
    .openapi(read, async (c) => c.json(await orders.detail(employmentOf(c).firmId, c.req.valid('param').reference), 200, PRIVATE_NO_STORE))
    .openapi(fulfil, async (c) =>
      c.json(await orders.fulfil(employmentOf(c).firmId, c.req.valid('param').reference, c.req.valid('json').step), 200, PRIVATE_NO_STORE),
    )
    .openapi(refund, async (c) => {
      const { firmId } = employmentOf(c);
      const { reference } = c.req.valid('param');
      const user = await userOf(c);
      await refunds.refund(firmId, reference, user.id, c.req.valid('json'), c.req.valid('header')['idempotency-key']);
      return c.json(await orders.detail(firmId, reference), 200, PRIVATE_NO_STORE);
    })
    .openapi(counterPayment, async (c) => {
      const { firmId } = employmentOf(c);
      const { reference } = c.req.valid('param');
      await buying.takeAtCounter(firmId, reference, (await userOf(c)).id, c.req.valid('json').method);
      return c.json(await orders.detail(firmId, reference), 200, PRIVATE_NO_STORE);
    });
}
