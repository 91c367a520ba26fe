import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { FIXTURE_NOW, insertMarketplace } from '../../testing/marketplace-fixtures';
import { card, insertMember, payOnStep, sandboxOf, signedIn, TEST_CARD } from '../../testing/order-fixtures';
import type { Carts } from '../../../shared/cart';
import type { CheckoutAnswer, OrderDetail } from '../../../shared/orders';

/**
 * A product with variants is bought by its variant, like Shopify's. The cart line
 * names the variant (required for such a product, refused for anything else), shows its name,
 * price and stock; checkout takes the variant's stock (never the product's), logs it in the
 * variant's stock movements, and an order that ends unpaid gives it back. 20 buyers at once for
 * the last 3 of a variant: exactly 3 orders. SQLite, and PostgreSQL with DATABASE_URL.
 */
let ctx: TestContext;
const cookies: Record<string, string> = {};
let keyCounter = 0;
const key = () => `variant-key-${++keyCounter}-${Math.random().toString(36).slice(2)}`;
const BUYERS = Array.from({ length: 20 }, (_, i) => `racer${String(i).padStart(2, '0')}`);

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => FIXTURE_NOW });
  const { db } = ctx.deps;
  await insertMarketplace(db);
  // a T-shirt of Pages & Co (f3): its own price and stock are not sold, its sizes are
  await db
    .insertInto('products')
    .values({
      id: 'tee',
      short_id: 'prodtee01',
      firm_id: 'f3',
      name: 'T-shirt',
      description: null,
      price_minor: 1500,
      currency: 'EUR',
      image_path: null,
      stock: 7,
      sold: 0,
      created_at: '2026-02-09T00:00:00.000Z',
    })
    .execute();
  const variant = (id: string, name: string, price: number, stock: number, position: number) => ({
    id,
    product_id: 'tee',
    firm_id: 'f3',
    name,
    price_minor: price,
    sku: null,
    track_stock: 1,
    stock,
    sold: 0,
    position,
    created_at: '2026-02-09T00:00:00.000Z',
  });
  await db
    .insertInto('product_variants')
    .values([variant('tee-m', 'Size M', 2000, 5, 0), variant('tee-l', 'Size L', 2500, 3, 1)])
    .execute();
  for (const id of ['alice', 'bob', ...BUYERS]) {
    await insertMember(db, id);
    cookies[id] = await signedIn(ctx, id);
  }
});
afterAll(() => ctx.close());

const api = (who: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  ctx.request(path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), Cookie: cookies[who], ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const put = (who: string, body: Record<string, unknown>) => api(who, 'PUT', '/api/user/cart/items', body);
const cartOf = async (who: string): Promise<Carts> => (await api(who, 'GET', '/api/user/cart')).json();
const checkout = (who: string, expectedTotal: number) =>
  api(who, 'POST', '/api/user/orders/cart/f3', { expectedTotal, currency: 'EUR' }, { 'Idempotency-Key': key() });
const stockOf = (id: string) =>
  ctx.deps.db.selectFrom('product_variants').select(['stock', 'sold']).where('id', '=', id).executeTakeFirstOrThrow();
const productStock = () => ctx.deps.db.selectFrom('products').select(['stock', 'sold']).where('id', '=', 'tee').executeTakeFirstOrThrow();
const movementsOf = (variantId: string) =>
  ctx.deps.db
    .selectFrom('stock_movements')
    .select(['delta', 'reason', 'available_after as availableAfter'])
    .where('variant_id', '=', variantId)
    .orderBy('created_at')
    .orderBy('available_after', 'desc')
    .execute();

describe('a cart line of a product with variants', () => {
  it('requires a variant of that product, and refuses one for anything else', async () => {
    const missing = await put('alice', { itemType: 'product', itemId: 'tee', quantity: 1 });
    expect([missing.status, (await missing.json()).code]).toEqual([400, 'variant_required']);
    const foreign = await put('alice', { itemType: 'product', itemId: 'p1', variantId: 'tee-m', quantity: 1 });
    expect([foreign.status, (await foreign.json()).code]).toEqual([400, 'variant_not_allowed']);
    const menu = await put('alice', { itemType: 'menu_item', itemId: 'm1', variantId: 'tee-m', quantity: 1 });
    expect([menu.status, (await menu.json()).code]).toEqual([400, 'variant_not_allowed']);
    const unknown = await put('alice', { itemType: 'product', itemId: 'tee', variantId: 'p1', quantity: 1 });
    expect([unknown.status, (await unknown.json()).code]).toEqual([404, 'variant_not_found']);
    const invalid = await put('alice', { itemType: 'product', itemId: 'tee', variantId: 42, quantity: 1 });
    expect(invalid.status).toBe(400);
    const tooMany = await put('alice', { itemType: 'product', itemId: 'tee', variantId: 'tee-l', quantity: 4 });
    expect([tooMany.status, (await tooMany.json()).code]).toEqual([409, 'out_of_stock']);
    expect((await cartOf('alice')).carts).toEqual([]);
  });

  it('holds each size as its own line, with the variant’s name, price and stock left', async () => {
    expect((await put('alice', { itemType: 'product', itemId: 'tee', variantId: 'tee-m', quantity: 2 })).status).toBe(200);
    expect((await put('alice', { itemType: 'product', itemId: 'tee', variantId: 'tee-l', quantity: 1 })).status).toBe(200);
    expect((await put('alice', { itemType: 'product', itemId: 'tee', variantId: 'tee-m', quantity: 1 })).status).toBe(200);
    const [cart] = (await cartOf('alice')).carts;
    expect(cart.lines.map((l) => [l.name, l.variantId, l.variantName, l.unitPrice, l.quantity, l.stockLeft, l.available])).toEqual([
      ['T-shirt', 'tee-l', 'Size L', 2500, 1, 3, true],
      ['T-shirt', 'tee-m', 'Size M', 2000, 1, 5, true],
    ]);
    expect(cart.totalMinor).toBe(4500);
    // removing one size leaves the other
    expect((await put('alice', { itemType: 'product', itemId: 'tee', variantId: 'tee-m', quantity: 0 })).status).toBe(200);
    expect((await cartOf('alice')).carts[0].lines.map((l) => l.variantName)).toEqual(['Size L']);
  });
});

describe('checkout of a variant', () => {
  let answer: CheckoutAnswer;

  it('takes the variant’s stock at its price, logs it, and names it on the order line', async () => {
    const response = await checkout('alice', 2500);
    expect(response.status).toBe(201);
    answer = await response.json();
    expect(answer.order).toMatchObject({ kind: 'shop', totalMinor: 2500, itemCount: 1 });
    expect(await stockOf('tee-l')).toEqual({ stock: 3, sold: 1 });
    expect(await stockOf('tee-m')).toEqual({ stock: 5, sold: 0 });
    expect(await productStock()).toEqual({ stock: 7, sold: 0 });
    expect(await movementsOf('tee-l')).toEqual([{ delta: -1, reason: 'sale', availableAfter: 2 }]);
    const line = await ctx.deps.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.label', 'l.variant_id', 'l.variant_name', 'l.unit_price_minor'])
      .where('o.reference', '=', answer.order.reference)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ label: 'T-shirt — Size L', variant_id: 'tee-l', variant_name: 'Size L', unit_price_minor: 2500 });
    const detail: OrderDetail = await (await api('alice', 'GET', `/api/user/orders/${answer.order.reference}`)).json();
    expect(detail.lines).toEqual([{ kind: 'product', label: 'T-shirt — Size L', qty: 1, unitPrice: 2500 }]);
  });

  it('paid, the bought line leaves the cart and the other size stays', async () => {
    expect((await put('alice', { itemType: 'product', itemId: 'tee', variantId: 'tee-m', quantity: 1 })).status).toBe(200);
    await payOnStep(ctx, answer.redirectUrl!, card(TEST_CARD.success));
    await sandboxOf(ctx).settled();
    const paid: OrderDetail = await (await api('alice', 'GET', `/api/user/orders/${answer.order.reference}`)).json();
    expect(paid.status).toBe('paid');
    expect((await cartOf('alice')).carts[0].lines.map((l) => l.variantName)).toEqual(['Size M']);
    expect(await stockOf('tee-l')).toEqual({ stock: 3, sold: 1 });
  });

  it('an order cancelled unpaid gives the variant’s stock back, logged', async () => {
    const response = await checkout('alice', 2000);
    expect(response.status).toBe(201);
    const pending: CheckoutAnswer = await response.json();
    expect(await stockOf('tee-m')).toEqual({ stock: 5, sold: 1 });
    const cancelled = await api('alice', 'POST', `/api/user/orders/${pending.order.reference}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await stockOf('tee-m')).toEqual({ stock: 5, sold: 0 });
    // the test's clock stands still: the two movements share a time, so they are compared in delta order
    expect((await movementsOf('tee-m')).sort((a, b) => a.delta - b.delta)).toEqual([
      { delta: -1, reason: 'sale', availableAfter: 4 },
      { delta: 1, reason: 'released', availableAfter: 5 },
    ]);
    expect(await productStock()).toEqual({ stock: 7, sold: 0 });
  });

  it('a line whose variant is gone, or without one once the product has variants, cannot be ordered', async () => {
    await ctx.deps.db
      .insertInto('cart_items')
      .values({
        user_id: 'bob',
        firm_id: 'f3',
        item_type: 'product',
        item_id: 'tee',
        variant_id: '',
        quantity: 1,
        added_at: FIXTURE_NOW.toISOString(),
      })
      .execute();
    const [line] = (await cartOf('bob')).carts[0].lines;
    expect([line.variantId, line.available]).toEqual([null, false]);
    const refused = await checkout('bob', 1500);
    expect([refused.status, (await refused.json()).code]).toEqual([422, 'item_unavailable']);
    expect((await put('bob', { itemType: 'product', itemId: 'tee', quantity: 0 })).status).toBe(200);
    expect((await cartOf('bob')).carts).toEqual([]);
  });
});

describe('20 buyers at once for the last 3 of a variant', () => {
  it('exactly 3 orders take stock, 17 clear 409s; the variant ends at 0, its log adds up, nothing else moves', async () => {
    const { db } = ctx.deps;
    await db.updateTable('product_variants').set({ stock: 5, sold: 2 }).where('id', '=', 'tee-l').execute();
    const before = { m: await stockOf('tee-m'), product: await productStock() };
    const logged = await movementsOf('tee-l');
    for (const who of BUYERS)
      expect((await put(who, { itemType: 'product', itemId: 'tee', variantId: 'tee-l', quantity: 1 })).status).toBe(200);
    const started = performance.now();
    const responses = await Promise.all(BUYERS.map((who) => checkout(who, 2500)));
    const ms = Math.round(performance.now() - started);
    const answers = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json() })));
    const byStatus: Record<number, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    console.log(`[${ctx.deps.dialect}] ${BUYERS.length} checkouts for the last 3 of a variant in ${ms} ms: ${JSON.stringify(byStatus)}`);
    expect(byStatus).toEqual({ 201: 3, 409: 17 });
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body).toMatchObject({ code: 'out_of_stock' });
      expect(a.body.detail).toContain('T-shirt — Size L');
    }
    const held = await db
      .selectFrom('orders as o')
      .innerJoin('order_lines as l', 'l.order_id', 'o.id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('o.buyer_id', 'in', BUYERS)
      .where('l.variant_id', '=', 'tee-l')
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(3);
    expect(await stockOf('tee-l')).toEqual({ stock: 5, sold: 5 });
    const log = await movementsOf('tee-l');
    const sales = log.slice(logged.length);
    expect(sales.map((m) => [m.delta, m.reason])).toEqual([
      [-1, 'sale'],
      [-1, 'sale'],
      [-1, 'sale'],
    ]);
    expect(sales.map((m) => m.availableAfter)).toEqual([2, 1, 0]);
    expect(await stockOf('tee-m')).toEqual(before.m);
    expect(await productStock()).toEqual(before.product);
  });
});

describe('a product without variants', () => {
  it('logs what an order takes and gives back in the product’s own stock log', async () => {
    const { db } = ctx.deps;
    await db
      .insertInto('products')
      .values({
        id: 'mug',
        short_id: 'prodmug01',
        firm_id: 'f3',
        name: 'Mug',
        description: null,
        price_minor: 900,
        currency: 'EUR',
        image_path: null,
        stock: 4,
        sold: 0,
        created_at: '2026-02-09T00:00:00.000Z',
      })
      .execute();
    await insertMember(db, 'dora');
    cookies.dora = await signedIn(ctx, 'dora');
    expect((await put('dora', { itemType: 'product', itemId: 'mug', quantity: 2 })).status).toBe(200);
    const response = await checkout('dora', 1800);
    expect(response.status).toBe(201);
    const pending: CheckoutAnswer = await response.json();
    expect((await api('dora', 'POST', `/api/user/orders/${pending.order.reference}/cancel`)).status).toBe(200);
    const log = await db
      .selectFrom('stock_movements')
      .select(['delta', 'reason', 'available_after as availableAfter', 'variant_id as variantId'])
      .where('product_id', '=', 'mug')
      .execute();
    expect(log.sort((a, b) => a.delta - b.delta)).toEqual([
      { delta: -2, reason: 'sale', availableAfter: 2, variantId: null },
      { delta: 2, reason: 'released', availableAfter: 4, variantId: null },
    ]);
  });
});

describe('carts holding the same products in opposite orders', () => {
  it('take their stock in one order: 20 checkouts at once all succeed, none waits on another', async () => {
    const { db } = ctx.deps;
    await db.updateTable('products').set({ stock: 100, sold: 0 }).where('id', 'in', ['p1', 'p2']).execute();
    const swappers = Array.from({ length: 20 }, (_, i) => `swap${String(i).padStart(2, '0')}`);
    for (const [i, who] of swappers.entries()) {
      await insertMember(db, who);
      cookies[who] = await signedIn(ctx, who);
      // half added the first product first, half the second: a cart's lines come in the order they were added
      const [first, second] = i % 2 ? ['p1', 'p2'] : ['p2', 'p1'];
      for (const itemId of [first, second]) expect((await put(who, { itemType: 'product', itemId, quantity: 1 })).status).toBe(200);
      await db
        .updateTable('cart_items')
        .set({ added_at: '2026-02-09T09:00:00.000Z' })
        .where('user_id', '=', who)
        .where('item_id', '=', second)
        .execute();
    }
    const statuses = (await Promise.all(swappers.map((who) => checkout(who, 1001 + 1002)))).map((response) => response.status);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const sold = await db.selectFrom('products').select(['id', 'sold']).where('id', 'in', ['p1', 'p2']).orderBy('id').execute();
    expect(sold).toEqual([
      { id: 'p1', sold: 20 },
      { id: 'p2', sold: 20 },
    ]);
  });
});
