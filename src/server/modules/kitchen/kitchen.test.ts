import { beforeAll, describe, expect, it } from 'vitest';
import { FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';
import type { KitchenBoard, KitchenDishes, KitchenTicket } from '../../../shared/kitchen';
import type { Menu } from '../../../shared/menus';
import type { CheckoutAnswer, OrderDetail } from '../../../shared/orders';
import { channels } from '../../lib/realtime';
import { card, insertShopOrder, payOnStep, sandboxOf, signedIn, TEST_CARD } from '../../testing/order-fixtures';

/**
 * The kitchen display end to end: a paid cart of dishes opens one ticket per station (the drinks
 * section sent to the bar), the board shows them with the buyer's note and the all-day counts,
 * bumps and recalls move a ticket one step from the step the screen saw (two tablets at once move
 * it once), and the buyer's order follows its least advanced ticket and is notified once when
 * the whole order is ready. The cooks take a dish off the menu and the guests' menu and checkout
 * follow; owners and managers set when the timers turn amber and red. SQLite, and PostgreSQL with
 * DATABASE_URL.
 */
const w = useWorkspace();
const db = () => w.ctx.deps.db;
let buyer: { userId: string; cookie: string };
let keys = 0;

beforeAll(async () => {
  // the Espresso moves to a drinks section of its own
  await db().insertInto('menu_sections').values({ id: 'drinks', menu_id: 'm1', firm_id: FIRM, name: 'Drinks', sort: 2 }).execute();
  await db().updateTable('menu_items').set({ section_id: 'drinks' }).where('id', '=', 'i2').execute();
  const person = await w.newPerson();
  buyer = { userId: person.userId, cookie: await signedIn(w.ctx, person.userId) };
});

async function send(actor: Actor, method: string, path: string, body?: unknown) {
  const response = await w.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const asBuyer = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  w.ctx.request(path, {
    method,
    headers: { Cookie: buyer.cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The buyer orders 2 croissants and an espresso with a note, and pays: the order's reference. */
async function orderAndPay(): Promise<string> {
  for (const [itemId, quantity] of [
    ['i1', 2],
    ['i2', 1],
  ] as const) {
    expect((await asBuyer('PUT', '/api/user/cart/items', { itemType: 'menu_item', itemId, quantity })).status).toBe(200);
  }
  keys += 1;
  const checkout = await asBuyer(
    'POST',
    `/api/user/orders/cart/${FIRM}`,
    { expectedTotal: 680, currency: 'EUR', note: 'No sugar, please' },
    { 'Idempotency-Key': `kitchen-${keys}-${Date.now()}` },
  );
  expect(checkout.status).toBe(201);
  const answer: CheckoutAnswer = await checkout.json();
  await payOnStep(w.ctx, answer.redirectUrl!, card(TEST_CARD.success));
  await sandboxOf(w.ctx).settled();
  return answer.order.reference;
}

const boardOf = async (station?: string): Promise<KitchenBoard> => {
  const answer = await send('staff', 'GET', `/api/dashboard/kitchen?firmId=${FIRM}${station ? `&station=${station}` : ''}`);
  expect(answer.status).toBe(200);
  return answer.body;
};
/** The order's open tickets, the bar's first (tickets placed at once have no order between them). */
const mineOf = (tickets: KitchenTicket[], reference: string) =>
  tickets.filter((t) => t.reference === reference).sort((a, b) => a.station.localeCompare(b.station));
const ticketsOf = async (reference: string) => mineOf((await boardOf()).tickets, reference);
const statusOf = async (reference: string): Promise<OrderDetail['kitchenStatus']> =>
  ((await (await asBuyer('GET', `/api/user/orders/${reference}`)).json()) as OrderDetail).kitchenStatus;
const readyNotices = () =>
  db().selectFrom('notifications').select('kind').where('user_id', '=', buyer.userId).where('kind', '=', 'order.ready').execute();
const bump = (ticket: Pick<KitchenTicket, 'id'>, from: string, direction = 'advance') =>
  send('staff', 'POST', `/api/dashboard/kitchen/tickets/${ticket.id}/${direction}`, { from });

describe('the kitchen display', () => {
  let reference: string;
  let food: KitchenTicket;
  let drinks: KitchenTicket;

  it('an owner sends the drinks section to the bar; staff may not', async () => {
    expect((await send('staff', 'PUT', '/api/dashboard/kitchen/sections/drinks/station', { station: 'bar' })).status).toBe(403);
    expect((await send('otherOwner', 'PUT', '/api/dashboard/kitchen/sections/drinks/station', { station: 'bar' })).status).toBe(404);
    expect((await send('owner', 'PUT', '/api/dashboard/kitchen/sections/drinks/station', { station: 'oven' })).status).toBe(400);
    const saved = await send('owner', 'PUT', '/api/dashboard/kitchen/sections/drinks/station', { station: 'bar' });
    expect(saved.status).toBe(200);
    expect(saved.body.sections).toEqual([
      { id: 'm1', menuName: 'Breakfast', name: null, station: 'kitchen' },
      { id: 'drinks', menuName: 'Breakfast', name: 'Drinks', station: 'bar' },
    ]);
  });

  it('guests order dishes only once the owner opens ordering', async () => {
    const closed = await asBuyer('PUT', '/api/user/cart/items', { itemType: 'menu_item', itemId: 'i1', quantity: 1 });
    expect([closed.status, (await closed.json()).code]).toEqual([422, 'item_unavailable']);
    expect((await send('staff', 'PUT', `/api/dashboard/kitchen/ordering?firmId=${FIRM}`, { takesOrders: true })).status).toBe(403);
    const opened = await send('owner', 'PUT', `/api/dashboard/kitchen/ordering?firmId=${FIRM}`, { takesOrders: true });
    expect([opened.status, opened.body.takesOrders]).toEqual([200, true]);
    expect((await send('staff', 'GET', `/api/dashboard/kitchen/setup?firmId=${FIRM}`)).body.takesOrders).toBe(true);
  });

  it('a paid order of dishes opens a ticket per station, with the note and the all-day counts; the buyer sees it received', async () => {
    const events: unknown[] = [];
    const stop = w.ctx.deps.realtime.subscribe([channels.firm(FIRM)], (event) => events.push(event));
    reference = await orderAndPay();
    stop();
    expect(events).toContainEqual({ type: 'kitchen', data: { reference } });
    const board = await boardOf();
    expect(board.stations).toEqual(['bar', 'kitchen']);
    const mine = mineOf(board.tickets, reference);
    expect(mine.map((t) => [t.station, t.status, t.note, t.items])).toEqual([
      ['bar', 'received', 'No sugar, please', [{ label: 'Espresso', quantity: 1, options: [] }]],
      ['kitchen', 'received', 'No sugar, please', [{ label: 'Croissant', quantity: 2, options: [] }]],
    ]);
    expect(board.allDay).toEqual([
      { label: 'Croissant', quantity: 2 },
      { label: 'Espresso', quantity: 1 },
    ]);
    expect((await boardOf('bar')).tickets.map((t) => t.station)).toEqual(['bar']);
    [drinks, food] = mine;
    expect(await statusOf(reference)).toBe('received');
  });

  it('an order without dishes reaches no board', async () => {
    const other = await insertShopOrder(db(), FIRM, buyer.userId);
    expect(await ticketsOf(other)).toEqual([]);
    expect(await statusOf(other)).toBeNull();
  });

  it('a bump moves a ticket one step from the step the screen saw; two tablets at once move it once', async () => {
    const started = await bump(food, 'received');
    expect([started.status, started.body.status]).toEqual([200, 'preparing']);
    expect(await statusOf(reference)).toBe('preparing');
    const stale = await bump(food, 'received');
    expect([stale.status, stale.body.code]).toEqual([409, 'kitchen_ticket_moved']);
    const both = await Promise.all([bump(food, 'preparing'), bump(food, 'preparing')]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    expect((await ticketsOf(reference)).map((t) => t.status)).toEqual(['received', 'ready']);
    // the croissants are done: only the espresso is still to make
    expect((await boardOf()).allDay).toEqual([{ label: 'Espresso', quantity: 1 }]);
  });

  it('the buyer is told once the whole order is ready, not when one station is', async () => {
    expect(await statusOf(reference)).toBe('preparing');
    expect(await readyNotices()).toHaveLength(0);
    expect((await bump(drinks, 'received')).status).toBe(200);
    expect((await bump(drinks, 'preparing')).status).toBe(200);
    expect(await statusOf(reference)).toBe('ready');
    expect(await readyNotices()).toHaveLength(1);
  });

  it('recalls one step back from ready or served, and nothing earlier', async () => {
    const recalled = await bump(drinks, 'ready', 'recall');
    expect([recalled.status, recalled.body.status]).toEqual([200, 'preparing']);
    expect(await statusOf(reference)).toBe('preparing');
    const refused = await bump(drinks, 'preparing', 'recall');
    expect([refused.status, refused.body.code]).toEqual([409, 'kitchen_step_refused']);
    expect((await bump(drinks, 'preparing')).status).toBe(200);
    expect((await bump(food, 'ready')).status).toBe(200);
    const board = await boardOf();
    expect(board.tickets.map((t) => t.id)).not.toContain(food.id);
    expect(board.served.map((t) => t.id)).toContain(food.id);
    expect((await bump(food, 'served', 'recall')).body.status).toBe('ready');
    expect((await ticketsOf(reference)).map((t) => t.status)).toEqual(['ready', 'ready']);
  });

  it('another firm finds no such ticket, and a refunded order leaves the board', async () => {
    expect((await send('otherOwner', 'POST', `/api/dashboard/kitchen/tickets/${food.id}/advance`, { from: 'ready' })).status).toBe(404);
    await db().updateTable('orders').set({ status: 'refunded' }).where('reference', '=', reference).execute();
    expect(await ticketsOf(reference)).toEqual([]);
    expect((await bump(food, 'ready')).status).toBe(404);
  });
});

/** What a live stream carried until `text` came (or the stream ended); the stream is closed after. */
async function streamUntil(response: Response, text: string): Promise<string> {
  const reader = response.body!.getReader();
  let carried = '';
  while (!carried.includes(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    carried += new TextDecoder().decode(value);
  }
  await reader.cancel();
  return carried;
}

describe("the kitchen's dishes and timers", () => {
  const publicMenuItem = async (itemId: string) => {
    const menus = (await (await w.ctx.request(`/api/public/menu?firmId=${FIRM}`)).json()) as Menu[];
    return menus.flatMap((m) => m.sections.flatMap((s) => s.items)).find((i) => i.id === itemId);
  };
  const setAvailable = (actor: Actor, itemId: string, available: boolean) =>
    send(actor, 'PUT', `/api/dashboard/kitchen/dishes/${itemId}/availability`, { available });
  const checkout = () =>
    asBuyer(
      'POST',
      `/api/user/orders/cart/${FIRM}`,
      { expectedTotal: 250, currency: 'EUR' },
      { 'Idempotency-Key': `eighty-six-${Date.now()}` },
    );

  it("lists the firm's dishes for the cooks, in the menus' order", async () => {
    const answer = await send('staff', 'GET', `/api/dashboard/kitchen/dishes?firmId=${FIRM}`);
    expect(answer.status).toBe(200);
    expect((answer.body as KitchenDishes).dishes).toEqual([
      { id: 'i1', name: 'Croissant', menuName: 'Breakfast', sectionName: null, available: true },
      { id: 'i2', name: 'Espresso', menuName: 'Breakfast', sectionName: 'Drinks', available: true },
    ]);
  });

  it('a cook 86es a dish: the open menus hear it, the public menu shows it, the cart and checkout refuse it', async () => {
    expect((await asBuyer('PUT', '/api/user/cart/items', { itemType: 'menu_item', itemId: 'i1', quantity: 1 })).status).toBe(200);
    const boards: unknown[] = [];
    const stop = w.ctx.deps.realtime.subscribe([channels.firm(FIRM)], (event) => boards.push(event));
    // a guest's open menu page, signed in or not
    const guest = await w.ctx.request(`/api/public/menu/live?firmId=${FIRM}`);
    expect([guest.status, guest.headers.get('content-type')]).toEqual([200, 'text/event-stream']);
    const off = await setAvailable('staff', 'i1', false);
    stop();
    expect([off.status, off.body.available]).toEqual([200, false]);
    expect(boards).toEqual([{ type: 'menu', data: { itemId: 'i1', available: false } }]);
    expect(await streamUntil(guest, 'event: menu')).toContain('data: {"itemId":"i1","available":false}');
    expect(await publicMenuItem('i1')).toMatchObject({ available: false });
    const refused = await checkout();
    expect([refused.status, (await refused.json()).code]).toEqual([422, 'item_unavailable']);
    const added = await asBuyer('PUT', '/api/user/cart/items', { itemType: 'menu_item', itemId: 'i1', quantity: 2 });
    expect([added.status, (await added.json()).code]).toEqual([422, 'item_unavailable']);
  });

  it('puts it back on, and the guest may order it again; another firm finds no such dish', async () => {
    expect((await setAvailable('otherOwner', 'i1', true)).status).toBe(404);
    expect((await setAvailable('staff', 'i1', true)).body.available).toBe(true);
    expect(await publicMenuItem('i1')).toMatchObject({ available: true });
    // the guest may order it again; the cart is left empty for what follows
    expect((await asBuyer('PUT', '/api/user/cart/items', { itemType: 'menu_item', itemId: 'i1', quantity: 2 })).status).toBe(200);
    expect((await asBuyer('PUT', '/api/user/cart/items', { itemType: 'menu_item', itemId: 'i1', quantity: 0 })).status).toBe(200);
  });

  it("the owner's own availability switch in the menu editor reaches open menus too", async () => {
    const heard: unknown[] = [];
    const stop = w.ctx.deps.realtime.subscribe([channels.menu(FIRM)], (event) => heard.push(event));
    const off = await send('owner', 'PATCH', '/api/dashboard/menu-items/i2/availability', { available: false });
    const on = await send('owner', 'PATCH', '/api/dashboard/menu-items/i2/availability', { available: true });
    stop();
    expect([off.status, on.status]).toEqual([200, 200]);
    expect(heard).toEqual([
      { type: 'menu', data: { itemId: 'i2', available: false } },
      { type: 'menu', data: { itemId: 'i2', available: true } },
    ]);
  });

  it('owners and managers set the timers within bounds; the board and the setup use them', async () => {
    expect((await boardOf()).timers).toEqual({ amber: 10, red: 20 });
    const put = (actor: Actor, timers: unknown) => send(actor, 'PUT', `/api/dashboard/kitchen/timers?firmId=${FIRM}`, timers);
    expect((await put('staff', { amber: 5, red: 15 })).status).toBe(403);
    for (const wrong of [
      { amber: 0, red: 5 },
      { amber: 8, red: 8 },
      { amber: 9, red: 7 },
      { amber: 5, red: 241 },
      { amber: 2.5, red: 10 },
      { amber: 5 },
    ]) {
      const refused = await put('owner', wrong);
      expect([refused.status, refused.body.code], JSON.stringify(wrong)).toEqual([400, 'validation_failed']);
    }
    const saved = await put('manager', { amber: 1, red: 240 });
    expect([saved.status, saved.body.timers]).toEqual([200, { amber: 1, red: 240 }]);
    expect((await boardOf()).timers).toEqual({ amber: 1, red: 240 });
    expect((await send('staff', 'GET', `/api/dashboard/kitchen/setup?firmId=${FIRM}`)).body.timers).toEqual({ amber: 1, red: 240 });
  });
});
