import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { firmOrderDetailSchema, firmOrderPageSchema, firmOrderQuerySchema, fulfilmentInputSchema } from '../../../shared/firm-orders';
import { orderReferenceSchema } from '../../../shared/orders';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment, type FirmFrom } from '../../lib/permissions';
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
    'Buyers are named as they show themselves on Souk (first and last name); their email and other details are never part of it.',
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

/** `/api/dashboard/orders`: the orders the firm receives, and the fulfilment of its shop orders. */
export function firmOrderRoutes(deps: AppDeps) {
  const orders = createFirmOrderService(deps);
  return createRouter()
    .openapi(list, async (c) => {
      const { firmId, page, size, status, q } = c.req.valid('query');
      return c.json(await orders.list(firmId, { page, size, status, q }), 200, PRIVATE_NO_STORE);
    })
    .openapi(read, async (c) => c.json(await orders.detail(employmentOf(c).firmId, c.req.valid('param').reference), 200, PRIVATE_NO_STORE))
    .openapi(fulfil, async (c) =>
      c.json(await orders.fulfil(employmentOf(c).firmId, c.req.valid('param').reference, c.req.valid('json').step), 200, PRIVATE_NO_STORE),
    );
}
