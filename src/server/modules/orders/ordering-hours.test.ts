import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { insertProduct } from '../../testing/catalogue-fixtures';
import { insertSmallEvent } from '../../testing/order-fixtures';
import type { Carts } from '../../../shared/cart';
import type { TillSaleInput } from '../../../shared/till';

/**
 * Dishes are ordered while the firm is open, on its own clock; a firm that never entered its hours
 * takes them at any time. Its shop and its tickets keep no hours, nor does its till. The test clock
 * is Wednesday 2026-06-10 12:00 UTC: 14:00 in Paris, the firm's zone. SQLite, and PostgreSQL with
 * DATABASE_URL.
 */
const w = useWorkspace();
const db = () => w.ctx.deps.db;
const allWeek = (open: string, close: string) => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open, close }));
const EVENING = allWeek('18:00', '23:00');
let product: string;

const setHours = (hours: unknown[]) =>
  db()
    .updateTable('firms')
    .set({ opening_hours: JSON.stringify(hours) })
    .where('id', '=', FIRM)
    .execute();

type Guest = Awaited<ReturnType<typeof w.newGuest>>;

const put = (guest: Guest, itemType: 'menu_item' | 'product', itemId: string) =>
  guest.call('PUT', '/api/user/cart/items', { itemType, itemId, quantity: 1 });
const checkout = (guest: Guest, expectedTotal: number) =>
  guest.call('POST', `/api/user/orders/cart/${FIRM}`, { expectedTotal, currency: 'EUR' }, { 'Idempotency-Key': crypto.randomUUID() });
const ordersOf = (guest: Guest) => db().selectFrom('orders').select('id').where('buyer_id', '=', guest.userId).execute();

beforeAll(async () => {
  await db().updateTable('firms').set({ takes_orders: 1 }).where('id', '=', FIRM).execute();
  product = await insertProduct(db(), FIRM, { name: 'Mug', price_minor: 900, stock: 10 });
});

afterEach(() => setHours(allWeek('08:00', '22:00')));

describe('ordering dishes in opening hours', () => {
  it("refuses a cart of dishes while the firm is closed on its clock, and orders it once it is open; the cart and the dish carry the firm's hours", async () => {
    const guest = await w.newGuest();
    await setHours(EVENING);
    // the cart keeps the dish: the refusal is the order's, at the moment it is sent
    expect((await put(guest, 'menu_item', 'i1')).status).toBe(200);
    const carts: Carts = (await guest.call('GET', '/api/user/cart')).body;
    expect(carts.carts[0]).toMatchObject({ openingHours: EVENING, timezone: 'Europe/Paris' });
    // so does the dish's own page, for its add button
    expect((await w.market.json('/api/public/menu/items/i1')).body).toMatchObject({
      firmOpeningHours: EVENING,
      firmTimezone: 'Europe/Paris',
    });

    const refused = await checkout(guest, 250);
    expect([refused.status, refused.body.code]).toEqual([422, 'firm_closed']);
    expect(await ordersOf(guest)).toEqual([]);

    // 14:00 in Paris is 12:00 UTC: hours read on the viewer's or the server's UTC clock would still be closed
    await setHours(allWeek('13:30', '15:00'));
    expect((await checkout(guest, 250)).status).toBe(201);
  });

  it('refuses a cart mixing goods and dishes while closed: the dishes are cooked with the goods', async () => {
    const guest = await w.newGuest();
    await setHours(EVENING);
    await put(guest, 'menu_item', 'i1');
    await put(guest, 'product', product);
    expect((await checkout(guest, 1150)).body.code).toBe('firm_closed');
  });

  it('takes dishes at any time from a firm that never entered its hours', async () => {
    const guest = await w.newGuest();
    await setHours([]);
    await put(guest, 'menu_item', 'i2');
    expect((await checkout(guest, 180)).status).toBe(201);
  });

  it('sells its goods and its tickets while closed', async () => {
    await setHours(EVENING);
    const shopper = await w.newGuest();
    await put(shopper, 'product', product);
    expect((await checkout(shopper, 900)).status).toBe(201);

    await insertSmallEvent(db(), 'closed-hours', 10);
    const buyer = await w.newGuest();
    const tickets = await buyer.call(
      'POST',
      '/api/user/orders/tickets',
      {
        eventId: 'closed-hours',
        categoryId: 'closed-hours-seat',
        holderIds: [buyer.userId],
        addons: [],
        expectedTotal: 2000,
        currency: 'EUR',
      },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(tickets.status).toBe(201);
  });

  it('leaves the till free: staff sell dishes when they choose', async () => {
    await setHours(EVENING);
    const sale: TillSaleInput = {
      saleKey: crypto.randomUUID(),
      lines: [{ kind: 'menu_item', itemId: 'i1', variantId: null, option: null, quantity: 1, unitPrice: 250, discount: null }],
      discount: null,
      note: '',
      currency: 'EUR',
      tenderedMinor: 500,
      cardMinor: 0,
      soldAt: '2026-06-10T11:59:00.000Z',
      offline: false,
      shiftId: null,
      promoCode: null,
    };
    const sold = await w.as('staff', `/api/dashboard/till/sales?firmId=${FIRM}`, { method: 'POST', body: JSON.stringify(sale) });
    expect(sold.status, await sold.clone().text()).toBe(201);
  });
});
