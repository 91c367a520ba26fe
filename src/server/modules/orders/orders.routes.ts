import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { cartCheckoutSchema, cartItemInputSchema, cartsSchema } from '../../../shared/cart';
import {
  checkoutAnswerSchema,
  orderDetailSchema,
  orderPageSchema,
  orderReferenceSchema,
  ticketSchema,
  transferSchema,
  walletSchema,
} from '../../../shared/orders';
import { pagingQuery } from '../../../shared/paging';
import { idempotencyKeySchema, ticketCheckoutSchema } from '../../../shared/purchase';
import { requestLanguage } from '../../../shared/request-language';
import { requireUser, userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { fulfilmentOptionsSchema } from '../../../shared/fulfilment';
import { createFulfilmentService } from '../fulfilment/fulfilment.service';
import { createCartService } from './cart.service';
import { createOrderService } from './orders.service';
import { createTransferService } from './transfer.service';

const tags = ['Orders'];
const security = SIGNED_IN;

const idempotencyHeader = z.object({
  'idempotency-key': idempotencyKeySchema.openapi({
    description: 'One per purchase attempt (a UUID): the same key sent again answers the same order, never a second one.',
  }),
});
const referenceParam = z.object({ reference: orderReferenceSchema });
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const orderPaging = z.object(pagingQuery(50, 20));

const checkoutTickets = createRoute({
  method: 'post',
  path: '/tickets',
  tags,
  security,
  summary: 'Buys tickets for the caller and friends: an order holding the seats, and its payment step',
  description:
    'Seats are held for ORDER_HOLD_SECONDS (10 minutes) while the buyer pays at `redirectUrl`; the tickets (one per holder) are issued once the ' +
    'payment is confirmed. Problems by `code`: sold_out, event_closed (409), unknown_category, unknown_addon, not_a_friend, ' +
    'idempotency_key_reused (422), price_changed (409, `errors.expectedTotal` has the new total).',
  request: { headers: idempotencyHeader, body: body(ticketCheckoutSchema) },
  responses: {
    200: json(checkoutAnswerSchema, 'The same Idempotency-Key again: the same order.', 'CheckoutAnswer'),
    201: json(checkoutAnswerSchema, 'The order, holding its seats; pay at `redirectUrl`.', 'CheckoutAnswer'),
    ...problems(400, 401, 404, 409, 422),
  },
});
const checkoutCart = createRoute({
  method: 'post',
  path: '/cart/{firmId}',
  tags,
  security,
  summary: "Orders the caller's cart of one firm: an order holding the stock, and its payment step",
  request: { params: z.object({ firmId: z.string().min(1).max(64) }), headers: idempotencyHeader, body: body(cartCheckoutSchema) },
  responses: {
    200: json(checkoutAnswerSchema, 'The same Idempotency-Key again: the same order.', 'CheckoutAnswer'),
    201: json(checkoutAnswerSchema, 'The order, holding its stock; pay at `redirectUrl`.', 'CheckoutAnswer'),
    ...problems(400, 401, 409, 422),
  },
});
const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  summary: "The caller's orders, newest first",
  request: { query: orderPaging },
  responses: { 200: json(orderPageSchema, 'A page of orders.', 'OrderPage'), ...problems(400, 401) },
});
const detail = createRoute({
  method: 'get',
  path: '/{reference}',
  tags,
  security,
  summary: 'One of the caller’s orders by reference, with its lines, tickets and payment',
  request: { params: referenceParam },
  responses: { 200: json(orderDetailSchema, 'The order.', 'OrderDetail'), ...problems(400, 401, 404) },
});
const pay = createRoute({
  method: 'post',
  path: '/{reference}/pay',
  tags,
  security,
  summary: 'The payment step of a pending order (the current attempt, or a new one after a cancelled one)',
  request: { params: referenceParam },
  responses: { 200: json(checkoutAnswerSchema, 'Pay at `redirectUrl`.', 'CheckoutAnswer'), ...problems(400, 401, 404, 409) },
});
const confirm = createRoute({
  method: 'post',
  path: '/{reference}/confirm',
  tags,
  security,
  summary: 'Back from the payment step: asks the provider where the payment stands (the webhook may come later)',
  request: { params: referenceParam },
  responses: { 200: json(orderDetailSchema, 'The order as it stands.', 'OrderDetail'), ...problems(400, 401, 404) },
});
const cancel = createRoute({
  method: 'post',
  path: '/{reference}/cancel',
  tags,
  security,
  summary: 'Cancels a pending order: its seats or stock go back on sale',
  request: { params: referenceParam },
  responses: { 200: json(orderDetailSchema, 'The cancelled order.', 'OrderDetail'), ...problems(400, 401, 404, 409) },
});

const wallet = createRoute({
  method: 'get',
  path: '/',
  tags: ['Tickets'],
  security,
  summary: 'The tickets the caller holds (bought by them or for them), with their codes as QR',
  responses: { 200: json(walletSchema, 'The ticket wallet.', 'Wallet'), ...problems(401) },
});
const transfer = createRoute({
  method: 'post',
  path: '/{ticketId}/transfer',
  tags: ['Tickets'],
  security,
  summary: 'Passes a ticket to a friend before the event: a new code for them, the old one stops working',
  request: { params: z.object({ ticketId: z.string().min(1).max(64) }), body: body(transferSchema) },
  responses: {
    200: json(ticketSchema, 'The ticket as it is now (held by the friend).', 'Ticket'),
    ...problems(400, 401, 404, 409, 422),
  },
});

const carts = createRoute({
  method: 'get',
  path: '/',
  tags: ['Cart'],
  security,
  summary: "The caller's carts, one per firm, at today's prices",
  responses: { 200: json(cartsSchema, 'The carts.', 'Carts'), ...problems(401) },
});
const setItem = createRoute({
  method: 'put',
  path: '/items',
  tags: ['Cart'],
  security,
  summary: 'Sets the quantity of a product or menu item in its firm’s cart (0 removes it)',
  request: { body: body(cartItemInputSchema) },
  responses: { 200: json(cartsSchema, 'The carts.', 'Carts'), ...problems(400, 401, 404, 409, 422) },
});
const clearCart = createRoute({
  method: 'delete',
  path: '/{firmId}',
  tags: ['Cart'],
  security,
  summary: 'Empties the cart of one firm',
  request: { params: z.object({ firmId: z.string().min(1).max(64) }) },
  responses: { 200: json(cartsSchema, 'The carts.', 'Carts'), ...problems(401) },
});

const fulfilmentOptions = createRoute({
  method: 'get',
  path: '/{firmId}/fulfilment',
  tags,
  security,
  summary: "What a firm's shop offers at checkout: pickup (where, hours, preparation time) and local delivery (zone, fee, minimum)",
  request: { params: z.object({ firmId: z.string().min(1).max(64) }) },
  responses: { 200: json(fulfilmentOptionsSchema, 'The options; null where not offered.', 'FulfilmentOptions'), ...problems(401, 404) },
});

/** `/api/user/orders`: checkout (tickets or a cart), the caller's orders, paying, cancelling. */
export function orderRoutes(deps: AppDeps) {
  const orders = createOrderService(deps, { capacityGuard: !deps.unsafeWithoutCapacityGuard });
  const router = createRouter();
  router.use(requireUser);
  return router
    .openapi(checkoutTickets, async (c) => {
      const user = await userOf(c);
      const result = await orders.checkoutTickets(
        user.id,
        c.req.valid('json'),
        c.req.valid('header')['idempotency-key'],
        requestLanguage(c.req.raw),
      );
      return c.json({ order: result.order, redirectUrl: result.redirectUrl }, result.created ? 201 : 200, PRIVATE_NO_STORE);
    })
    .openapi(checkoutCart, async (c) => {
      const user = await userOf(c);
      const result = await orders.checkoutCart(
        user.id,
        c.req.valid('param').firmId,
        c.req.valid('json'),
        c.req.valid('header')['idempotency-key'],
        requestLanguage(c.req.raw),
      );
      return c.json({ order: result.order, redirectUrl: result.redirectUrl }, result.created ? 201 : 200, PRIVATE_NO_STORE);
    })
    .openapi(list, async (c) => {
      const user = await userOf(c);
      const { page, size } = c.req.valid('query');
      return c.json(await orders.list(user.id, page, size), 200, PRIVATE_NO_STORE);
    })
    .openapi(detail, async (c) => {
      const user = await userOf(c);
      return c.json(await orders.detail(user.id, c.req.valid('param').reference), 200, PRIVATE_NO_STORE);
    })
    .openapi(pay, async (c) => {
      const user = await userOf(c);
      return c.json(await orders.pay(user.id, c.req.valid('param').reference), 200, PRIVATE_NO_STORE);
    })
    .openapi(confirm, async (c) => {
      const user = await userOf(c);
      return c.json(await orders.confirm(user.id, c.req.valid('param').reference), 200, PRIVATE_NO_STORE);
    })
    .openapi(cancel, async (c) => {
      const user = await userOf(c);
      return c.json(await orders.cancel(user.id, c.req.valid('param').reference), 200, PRIVATE_NO_STORE);
    });
}

/** `/api/user/tickets`: the caller's ticket wallet, and passing a ticket to a friend. */
export function ticketRoutes(deps: AppDeps) {
  const orders = createOrderService(deps);
  const transfers = createTransferService(deps, orders);
  const router = createRouter();
  router.use(requireUser);
  return router
    .openapi(wallet, async (c) => {
      const user = await userOf(c);
      return c.json(await orders.wallet(user.id), 200, PRIVATE_NO_STORE);
    })
    .openapi(transfer, async (c) => {
      const user = await userOf(c);
      return c.json(await transfers.transfer(user.id, c.req.valid('param').ticketId, c.req.valid('json').toUserId), 200, PRIVATE_NO_STORE);
    });
}

/** `/api/user/cart`: one cart per firm. */
export function cartRoutes({ db, clock }: AppDeps) {
  const cart = createCartService(db, clock);
  const fulfilment = createFulfilmentService(db, clock);
  const router = createRouter();
  router.use(requireUser);
  return router
    .openapi(carts, async (c) => {
      const user = await userOf(c);
      return c.json({ carts: await cart.carts(user.id) }, 200, PRIVATE_NO_STORE);
    })
    .openapi(setItem, async (c) => {
      const user = await userOf(c);
      await cart.setQuantity(user.id, c.req.valid('json'));
      return c.json({ carts: await cart.carts(user.id) }, 200, PRIVATE_NO_STORE);
    })
    .openapi(clearCart, async (c) => {
      const user = await userOf(c);
      await cart.clear(user.id, c.req.valid('param').firmId);
      return c.json({ carts: await cart.carts(user.id) }, 200, PRIVATE_NO_STORE);
    })
    .openapi(fulfilmentOptions, async (c) => c.json(await fulfilment.options(c.req.valid('param').firmId), 200, PRIVATE_NO_STORE));
}
