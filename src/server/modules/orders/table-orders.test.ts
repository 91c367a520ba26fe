import { beforeAll, describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { FIRM, OTHER_FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';
import { COUNTER_ORDERS_OPEN_MAX, type FirmTable } from '../../../shared/firm-tables';
import type { KitchenBoard } from '../../../shared/kitchen';
import type { CheckoutAnswer, OrderDetail } from '../../../shared/orders';
import type { FirmOrderDetail } from '../../../shared/firm-orders';
import { channels } from '../../lib/realtime';

/**
 * Ordering from a table's code: the table a checkout names must be the firm's; paying at the counter
 * is for a table's dishes where the firm allows it, goes to the kitchen at once with its table, is
 * limited per account, and is recorded paid once by staff however many take it at once. SQLite, and
 * PostgreSQL with DATABASE_URL.
 */
const w = useWorkspace();
const db = () => w.ctx.deps.db;
let keys = 0;
let seven: FirmTable;
let elsewhere: FirmTable;

async function send(actor: Actor, method: string, path: string, body?: unknown) {
  const response = await w.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

type Guest = Awaited<ReturnType<typeof w.newGuest>>;

/** Two croissants and an espresso in the guest's cart, then its checkout with `extra`. */
async function order(guest: Guest, extra: Record<string, unknown>) {
  for (const [itemId, quantity] of [
    ['i1', 2],
    ['i2', 1],
  ] as const) {
    expect((await guest.call('PUT', '/api/user/cart/items', { itemType: 'menu_item', itemId, quantity })).status).toBe(200);
  }
  keys += 1;
  return guest.call(
    'POST',
    `/api/user/orders/cart/${FIRM}`,
    { expectedTotal: 680, currency: 'EUR', note: 'No onions', ...extra },
    { 'Idempotency-Key': `table-${keys}-${Date.now()}` },
  );
}

const setCounter = (allowed: boolean) => send('owner', 'PUT', `/api/dashboard/tables/counter-payment?firmId=${FIRM}`, { allowed });

beforeAll(async () => {
  expect((await send('owner', 'PUT', `/api/dashboard/kitchen/ordering?firmId=${FIRM}`, { takesOrders: true })).status).toBe(200);
  seven = (await send('owner', 'POST', `/api/dashboard/tables?firmId=${FIRM}`, { label: 'Table 7' })).body;
  elsewhere = (await send('otherOwner', 'POST', `/api/dashboard/tables?firmId=${OTHER_FIRM}`, { label: 'Table 7' })).body;
});

describe('ordering from a table', () => {
  it('refuses a table of another firm, and an order paid at the counter while the firm does not allow it or without a table', async () => {
    const guest = await w.newGuest();
    const other = await order(guest, { tableToken: elsewhere.token });
    expect([other.status, other.body.code]).toEqual([422, 'table_unknown']);
    const off = await order(guest, { tableToken: seven.token, payAtCounter: true });
    expect([off.status, off.body.code]).toEqual([422, 'counter_payment_off']);
    expect((await setCounter(true)).body.counterPayment).toBe(true);
    const noTable = await order(guest, { payAtCounter: true });
    expect([noTable.status, noTable.body.code]).toEqual([422, 'counter_needs_table']);
    expect(await db().selectFrom('orders').select('id').where('buyer_id', '=', guest.userId).execute()).toEqual([]);
  });

  it('a table order paid online carries its table to the order and goes to the kitchen only once paid', async () => {
    const guest = await w.newGuest();
    const placed = await order(guest, { tableToken: seven.token });
    expect(placed.status).toBe(201);
    const answer: CheckoutAnswer = placed.body;
    expect(answer.redirectUrl).toBeTruthy();
    expect([answer.order.table, answer.order.payAtCounter]).toEqual(['Table 7', false]);
    const board: KitchenBoard = (await send('staff', 'GET', `/api/dashboard/kitchen?firmId=${FIRM}`)).body;
    expect(board.tickets.filter((t) => t.reference === answer.order.reference)).toEqual([]);
  });

  it('an order paid at the counter reaches the kitchen at once with its table; the guest sees it received and has nothing to pay online', async () => {
    await setCounter(true);
    const guest = await w.newGuest();
    const events: unknown[] = [];
    const stop = w.ctx.deps.realtime.subscribe([channels.firm(FIRM)], (event) => events.push(event));
    const placed = await order(guest, { tableToken: seven.token, payAtCounter: true });
    stop();
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { reference } = placed.body.order;
    expect(placed.body.redirectUrl).toBeNull();
    expect(events).toContainEqual({ type: 'kitchen', data: { reference } });

    const board: KitchenBoard = (await send('staff', 'GET', `/api/dashboard/kitchen?firmId=${FIRM}`)).body;
    const tickets = board.tickets.filter((t) => t.reference === reference);
    expect(tickets.length).toBeGreaterThan(0);
    expect(tickets.map((t) => [t.table, t.payAtCounter, t.note])).toEqual(tickets.map(() => ['Table 7', true, 'No onions']));

    const detail: OrderDetail = (await guest.call('GET', `/api/user/orders/${reference}`)).body;
    expect([detail.status, detail.table, detail.payAtCounter, detail.kitchenStatus, detail.canPay, detail.canCancel]).toEqual([
      'pending_payment',
      'Table 7',
      true,
      'received',
      false,
      false,
    ]);
    expect((await guest.call('POST', `/api/user/orders/${reference}/cancel`)).status).toBe(409);
    // the dishes left the cart when they went to the kitchen: a second round starts from an empty cart
    expect((await guest.call('GET', '/api/user/cart')).body.carts).toEqual([]);
    const bumped = await send('staff', 'POST', `/api/dashboard/kitchen/tickets/${tickets[0].id}/advance`, { from: 'received' });
    expect(bumped.status).toBe(200);
  });

  it('staff take its payment once, however many take it at once; the kitchen keeps its tickets', async () => {
    await setCounter(true);
    const guest = await w.newGuest();
    const { reference } = (await order(guest, { tableToken: seven.token, payAtCounter: true })).body.order;
    const path = `/api/dashboard/orders/${reference}/counter-payment`;
    // a second round added before the first is paid stays in the cart when the first is
    expect((await guest.call('PUT', '/api/user/cart/items', { itemType: 'menu_item', itemId: 'i1', quantity: 1 })).status).toBe(200);
    const events: unknown[] = [];
    const stop = w.ctx.deps.realtime.subscribe([channels.firm(FIRM)], (event) => events.push(event));
    const answers = await Promise.all([send('staff', 'POST', path, { method: 'cash' }), send('manager', 'POST', path, { method: 'card' })]);
    stop();
    // the boards hear of it and drop the ticket's "to pay at the counter"
    expect(events).toContainEqual({ type: 'kitchen', data: { reference } });
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('counter_paid_already');
    const paid: FirmOrderDetail = answers.find((a) => a.status === 200)!.body;
    expect([paid.status, paid.table, paid.payAtCounter]).toEqual(['paid', 'Table 7', true]);
    expect(['cash', 'card']).toContain(paid.counterMethod);
    const row = await db()
      .selectFrom('orders')
      .select(['status', 'paid_at', 'counter_paid_by'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row.paid_at).toBeTruthy();
    expect(row.counter_paid_by).toBeTruthy();

    const board: KitchenBoard = (await send('staff', 'GET', `/api/dashboard/kitchen?firmId=${FIRM}`)).body;
    const tickets = board.tickets.filter((t) => t.reference === reference);
    expect(tickets.map((t) => t.payAtCounter)).toEqual(tickets.map(() => false));
    const count = await db()
      .selectFrom('kitchen_tickets as t')
      .innerJoin('orders as o', 'o.id', 't.order_id')
      .select('t.id')
      .where('o.reference', '=', reference)
      .execute();
    expect(count).toHaveLength(tickets.length);

    const again = await send('staff', 'POST', path, { method: 'cash' });
    expect([again.status, again.body.code]).toEqual([409, 'counter_paid_already']);
    const other = await send('otherOwner', 'POST', path, { method: 'cash' });
    expect(other.status).toBe(404);
    expect((await guest.call('GET', '/api/user/cart')).body.carts[0].lines).toHaveLength(1);
  });

  it(`keeps at most ${COUNTER_ORDERS_OPEN_MAX} unpaid counter orders open per account`, async () => {
    await setCounter(true);
    const guest = await w.newGuest();
    const references: string[] = [];
    for (let i = 0; i < COUNTER_ORDERS_OPEN_MAX; i++) {
      const placed = await order(guest, { tableToken: seven.token, payAtCounter: true });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      references.push(placed.body.order.reference);
    }
    const refused = await order(guest, { tableToken: seven.token, payAtCounter: true });
    expect([refused.status, refused.body.code]).toEqual([409, 'counter_orders_open']);
    // refused, nothing was written: the dishes are still in the cart, to pay now instead
    expect((await guest.call('GET', '/api/user/cart')).body.carts[0].lines).toHaveLength(2);
    // once one is paid at the counter, another may be placed
    expect((await send('staff', 'POST', `/api/dashboard/orders/${references[0]}/counter-payment`, { method: 'cash' })).status).toBe(200);
    const next = await guest.call(
      'POST',
      `/api/user/orders/cart/${FIRM}`,
      { expectedTotal: 680, currency: 'EUR', tableToken: seven.token, payAtCounter: true },
      {
        'Idempotency-Key': `table-next-${Date.now()}`,
      },
    );
    expect(next.status, JSON.stringify(next.body)).toBe(201);
  });

  it('the counter choice is set by owners and managers, not staff, and stops new counter orders when off', async () => {
    expect((await send('staff', 'PUT', `/api/dashboard/tables/counter-payment?firmId=${FIRM}`, { allowed: false })).status).toBe(403);
    expect(
      (await send('manager', 'PUT', `/api/dashboard/tables/counter-payment?firmId=${FIRM}`, { allowed: false })).body.counterPayment,
    ).toBe(false);
    const visit = await send('anonymous', 'GET', `/api/public/tables/${seven.token}`);
    expect(visit.body.counterPayment).toBe(false);
    const guest = await w.newGuest();
    expect((await order(guest, { tableToken: seven.token, payAtCounter: true })).body.code).toBe('counter_payment_off');
  });
});
