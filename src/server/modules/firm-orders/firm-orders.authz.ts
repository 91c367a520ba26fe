import { entityScoped, firmScoped, MANAGERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';
import { insertShopOrder } from '../../testing/order-fixtures';

/**
 * Who may see the firm's orders and move its shop orders on (src/server/api/authorization-matrix.test.ts):
 * the whole team (`sales.handle`: the staff at the counter hand orders over and take the payment of
 * orders paid there); another firm's
 * people find no such order (404).
 */
export const rows: AuthzRows = {
  'GET /api/dashboard/orders': {
    request: () => ({ path: `/api/dashboard/orders?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'GET /api/dashboard/orders/{reference}': {
    request: async (w) => ({ path: `/api/dashboard/orders/${await insertShopOrder(w.ctx.deps.db, FIRM, (await w.newPerson()).userId)}` }),
    expect: entityScoped(TEAM),
  },
  'POST /api/dashboard/orders/{reference}/fulfilment': {
    request: async (w) => ({
      path: `/api/dashboard/orders/${await insertShopOrder(w.ctx.deps.db, FIRM, (await w.newPerson()).userId)}/fulfilment`,
      body: { step: 'ready' },
    }),
    expect: entityScoped(TEAM),
  },
  'POST /api/dashboard/orders/{reference}/counter-payment': {
    request: async (w) => ({
      path: `/api/dashboard/orders/${await insertShopOrder(w.ctx.deps.db, FIRM, (await w.newPerson()).userId, {
        status: 'pending_payment',
        pay_at_counter: 1,
      })}/counter-payment`,
      body: { method: 'cash' },
    }),
    expect: entityScoped(TEAM),
  },
  'POST /api/dashboard/orders/{reference}/refunds': {
    request: async (w) => ({
      path: `/api/dashboard/orders/${await insertShopOrder(w.ctx.deps.db, FIRM, (await w.newPerson()).userId)}/refunds`,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      body: { reason: 'Damaged in the shop.', whole: true },
    }),
    expect: entityScoped(MANAGERS),
  },
};
