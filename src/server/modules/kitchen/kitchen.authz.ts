import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { entityScoped, firmScoped, MANAGERS, OWNERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { insertShopOrder } from '../../testing/order-fixtures';
import { FIRM, type Workspace } from '../../testing/workspace-fixtures';

/**
 * Who may work the kitchen display: the whole team reads the board and bumps or recalls tickets
 * and take a dish off the menu or put it back (`sales.handle`: the cooks are staff); owners and
 * managers (`catalogue.edit`) send a menu section to another station and set the timers; owners (`firm.settings`) open or close ordering from the menu. Another
 * firm's people find no such ticket, section or dish (404).
 */
let made = 0;
async function insertTicket(db: Kysely<Database>, buyerId: string, status: string): Promise<string> {
  made += 1;
  const reference = await insertShopOrder(db, FIRM, buyerId);
  const order = await db.selectFrom('orders').select('id').where('reference', '=', reference).executeTakeFirstOrThrow();
  const id = `authz-kitchen-${made}`;
  const at = '2026-06-01T12:00:00.000Z';
  await db
    .insertInto('kitchen_tickets')
    .values({ id, order_id: order.id, firm_id: FIRM, station: 'kitchen', status, placed_at: at, updated_at: at })
    .execute();
  return id;
}

const moved = (direction: 'advance' | 'recall') => async (w: Workspace) => ({
  path: `/api/dashboard/kitchen/tickets/${await insertTicket(w.ctx.deps.db, (await w.newPerson()).userId, 'ready')}/${direction}`,
  body: { from: 'ready' },
});

export const rows: AuthzRows = {
  'GET /api/dashboard/kitchen': {
    request: () => ({ path: `/api/dashboard/kitchen?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'POST /api/dashboard/kitchen/tickets/{id}/advance': { request: moved('advance'), expect: entityScoped(TEAM) },
  'POST /api/dashboard/kitchen/tickets/{id}/recall': { request: moved('recall'), expect: entityScoped(TEAM) },
  'GET /api/dashboard/kitchen/setup': {
    request: () => ({ path: `/api/dashboard/kitchen/setup?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'PUT /api/dashboard/kitchen/ordering': {
    request: () => ({ path: `/api/dashboard/kitchen/ordering?firmId=${FIRM}`, body: { takesOrders: true } }),
    expect: firmScoped(OWNERS),
  },
  'PUT /api/dashboard/kitchen/sections/{id}/station': {
    request: () => ({ path: '/api/dashboard/kitchen/sections/m1/station', body: { station: 'kitchen' } }),
    expect: entityScoped(MANAGERS),
  },
  'PUT /api/dashboard/kitchen/timers': {
    request: () => ({ path: `/api/dashboard/kitchen/timers?firmId=${FIRM}`, body: { amber: 10, red: 20 } }),
    expect: firmScoped(MANAGERS),
  },
  'GET /api/dashboard/kitchen/dishes': {
    request: () => ({ path: `/api/dashboard/kitchen/dishes?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'PUT /api/dashboard/kitchen/dishes/{id}/availability': {
    request: () => ({ path: '/api/dashboard/kitchen/dishes/i1/availability', body: { available: true } }),
    expect: entityScoped(TEAM),
  },
};
