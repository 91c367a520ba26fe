import { entityScoped, MANAGERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { insertEvent, insertProduct } from '../../testing/catalogue-fixtures';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who sees an event's waitlists and sets how long its offers stand (src/server/api/authorization-matrix.test.ts):
 * the whole team reads them, like the event; those who edit events (`content.edit`) set the offer time.
 * A product's: read by the whole team like the shop, its offer time set by those who edit the shop.
 */
export const rows: AuthzRows = {
  'GET /api/dashboard/waitlists/{id}': {
    request: async (w) => ({ path: `/api/dashboard/waitlists/${(await insertEvent(w.ctx.deps.db, FIRM)).id}` }),
    expect: entityScoped(TEAM),
  },
  'PUT /api/dashboard/waitlists/{id}': {
    request: async (w) => ({
      path: `/api/dashboard/waitlists/${(await insertEvent(w.ctx.deps.db, FIRM)).id}`,
      body: { offerMinutes: 30 },
    }),
    expect: entityScoped(MANAGERS),
  },
  'GET /api/dashboard/waitlists/products/{id}': {
    request: async (w) => ({ path: `/api/dashboard/waitlists/products/${await insertProduct(w.ctx.deps.db, FIRM)}` }),
    expect: entityScoped(TEAM),
  },
  'PUT /api/dashboard/waitlists/products/{id}': {
    request: async (w) => ({
      path: `/api/dashboard/waitlists/products/${await insertProduct(w.ctx.deps.db, FIRM)}`,
      body: { offerMinutes: 30 },
    }),
    expect: entityScoped(MANAGERS),
  },
};
