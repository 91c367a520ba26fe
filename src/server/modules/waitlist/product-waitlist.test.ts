import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useWorkspace, FIRM } from '../../testing/workspace-fixtures';
import { insertProduct } from '../../testing/catalogue-fixtures';
import { readOutbox } from '../../testing/outbox';
import { waitlistFixtures, type Member } from './waitlist-fixtures';

/**
 * Waitlists of a sold-out product, on the tier's machinery: units that come back (a restock, a
 * pending order that ends) are held for the first in line whose quantity fits, told in the app and
 * by mail; nobody else can put them in a cart; the holder orders them through the cart; an offer
 * that runs out passes them on.
 */
const w = useWorkspace();
const db = () => w.ctx.deps.db;

const { member, call, timeIsUp, runJobs } = waitlistFixtures(w);

const join = (who: Member, productId: string, quantity = 1, variantId?: string) =>
  call(who, `/api/user/waitlist/products/${productId}`, { method: 'POST', body: { quantity, variantId } });
const toCart = (who: Member, itemId: string, quantity = 1, variantId?: string) =>
  call(who, '/api/user/cart/items', { method: 'PUT', body: { itemType: 'product', itemId, quantity, variantId } });
const checkout = (who: Member, expectedTotal: number) =>
  call(who, `/api/user/orders/cart/${FIRM}`, {
    method: 'POST',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    body: { expectedTotal, currency: 'EUR' },
  });
const restock = (productId: string, delta: number, variantId?: string) =>
  w.as('manager', `/api/dashboard/products/${productId}/stock`, {
    method: 'POST',
    body: JSON.stringify({ delta, reason: 'received', variantId }),
  });

/** A published product of the firm, every unit of its tracked stock sold. */
async function soldOutProduct(stock = 1, extra: Record<string, unknown> = {}) {
  return insertProduct(db(), FIRM, { published: 1, stock, sold: stock, price_minor: 0, ...extra });
}

const entries = (productId: string) =>
  db()
    .selectFrom('waitlist_entries')
    .select(['id', 'user_id', 'status', 'variant_id', 'offered_until'])
    .where('product_id', '=', productId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
const offeredTo = async (productId: string) => (await entries(productId)).filter((e) => e.status === 'offered').map((e) => e.user_id);
const stockOf = (productId: string) =>
  db().selectFrom('products').select(['stock', 'sold']).where('id', '=', productId).executeTakeFirstOrThrow();

async function joinInOrder(productId: string, members: Member[], quantity = 1) {
  for (const [index, m] of members.entries()) {
    expect((await join(m, productId, quantity)).status).toBe(201);
    const at = new Date(w.ctx.deps.clock().getTime() - 60_000 + index * 1000).toISOString();
    await db()
      .updateTable('waitlist_entries')
      .set({ created_at: at })
      .where('user_id', '=', m.userId)
      .where('product_id', '=', productId)
      .execute();
  }
}

describe('a restock of a sold-out product', () => {
  it('holds the units for the first in line, tells them, keeps others out, and lets them order through the cart', async () => {
    const productId = await soldOutProduct(1);
    const [first, second, stranger] = [await member(), await member(), await member()];
    await joinInOrder(productId, [first, second]);
    expect((await call(second, `/api/user/waitlist/products/${productId}`)).body.entries).toEqual([
      { variantId: null, quantity: 1, status: 'waiting', position: 2, offeredUntil: null },
    ]);
    const mailsBefore = readOutbox(w.ctx.dataDir).length;

    expect((await restock(productId, 1)).status).toBe(200);
    expect(await offeredTo(productId)).toEqual([first.userId]);
    // the unit counts as sold while the offer stands: nobody else puts it in a cart
    expect(await stockOf(productId)).toEqual({ stock: 2, sold: 2 });
    expect((await toCart(stranger, productId)).body.code).toBe('out_of_stock');
    expect((await toCart(second, productId)).body.code).toBe('out_of_stock');

    await runJobs();
    const shortId = (await db().selectFrom('products').select('short_id').where('id', '=', productId).executeTakeFirstOrThrow()).short_id;
    const notices = await db().selectFrom('notifications').select(['kind', 'link']).where('user_id', '=', first.userId).execute();
    expect(notices).toEqual([{ kind: 'waitlist.productOffer', link: `/product/${shortId}` }]);
    const mails = readOutbox(w.ctx.dataDir).slice(mailsBefore);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[first.email, `Held for you: Product ${productId}`]]);
    // held for the product's offer time (two hours unless the firm sets another)
    expect((await call(first, `/api/user/waitlist/products/${productId}`)).body.entries[0]).toMatchObject({
      status: 'offered',
      position: null,
      offeredUntil: new Date(w.ctx.deps.clock().getTime() + 120 * 60_000).toISOString(),
    });

    // the holder puts the held unit in the cart (it shows as available to them) and orders it
    expect((await toCart(first, productId)).status).toBe(200);
    const cart = (await call(first, '/api/user/cart')).body.carts[0];
    expect(cart.lines.map((l: { available: boolean; stockLeft: number }) => [l.available, l.stockLeft])).toEqual([[true, 1]]);
    const ordered = await checkout(first, 0);
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
    expect((await entries(productId)).map((e) => [e.user_id, e.status])).toEqual([[second.userId, 'waiting']]);
    expect(await stockOf(productId)).toEqual({ stock: 2, sold: 2 });
    // the end job of the used offer finds nothing to end: the unit stays sold
    await runJobs();
    expect(await stockOf(productId)).toEqual({ stock: 2, sold: 2 });
    expect((await call(second, `/api/user/waitlist/products/${productId}`)).body.entries[0].position).toBe(1);
  });

  it('passes an offer that runs out to the next in line, and a cancelled order’s units too', async () => {
    const productId = await soldOutProduct(1, { price_minor: 1500 });
    const [first, second, third] = [await member(), await member(), await member()];
    await joinInOrder(productId, [first, second, third]);
    await restock(productId, 1);
    const [offer] = await entries(productId);
    await timeIsUp(offer.id);
    await runJobs();
    expect(await offeredTo(productId)).toEqual([second.userId]);
    expect((await toCart(first, productId)).body.code).toBe('out_of_stock');

    // the second orders the unit but never pays: when the order's hold ends the unit goes to the third
    expect((await toCart(second, productId)).status).toBe(200);
    expect((await checkout(second, 1500)).status).toBe(201);
    expect(await offeredTo(productId)).toEqual([]);
    await db().updateTable('orders').set({ hold_expires_at: '2026-01-01T00:00:00.000Z' }).where('buyer_id', '=', second.userId).execute();
    await call(second, '/api/user/orders');
    expect(await offeredTo(productId)).toEqual([third.userId]);
    expect(await stockOf(productId)).toEqual({ stock: 2, sold: 2 });
  });

  it('offers a variant’s restock to those waiting on that variant only', async () => {
    const productId = await soldOutProduct(0);
    const variant = (id: string, stock: number, sold: number) => ({
      id: `${productId}-${id}`,
      product_id: productId,
      firm_id: FIRM,
      name: `Size ${id.toUpperCase()}`,
      price_minor: 0,
      sku: null,
      track_stock: 1,
      stock,
      sold,
      position: id === 'm' ? 0 : 1,
      created_at: w.ctx.deps.clock().toISOString(),
    });
    await db()
      .insertInto('product_variants')
      .values([variant('m', 2, 2), variant('l', 3, 0)])
      .execute();
    const [onM, onL] = [await member(), await member()];
    expect((await join(onM, productId, 1)).status).toBe(400);
    expect((await join(onL, productId, 1, `${productId}-l`)).body.code).toBe('places_left');
    expect((await join(onM, productId, 2, `${productId}-m`)).status).toBe(201);
    expect((await restock(productId, 1, `${productId}-m`)).status).toBe(200);
    // one unit back does not fit a wish for two: nobody is offered it yet
    expect(await offeredTo(productId)).toEqual([]);
    await restock(productId, 1, `${productId}-m`);
    expect(await offeredTo(productId)).toEqual([onM.userId]);
    expect((await entries(productId))[0].variant_id).toBe(`${productId}-m`);
    expect((await toCart(onM, productId, 2, `${productId}-m`)).status).toBe(200);
    // leaving gives the held units back to open sale
    expect((await call(onM, `/api/user/waitlist/products/${productId}?variantId=${productId}-m`, { method: 'DELETE' })).status).toBe(204);
    expect(await entries(productId)).toEqual([]);
    expect(await db().selectFrom('product_variants').select('sold').where('id', '=', `${productId}-m`).executeTakeFirstOrThrow()).toEqual({
      sold: 2,
    });
  });

  it('is refused for a product whose stock is not counted, and once per member', async () => {
    const untracked = await insertProduct(db(), FIRM, { published: 1, stock: 0, sold: 0, track_stock: 0 });
    const someone = await member();
    expect((await join(someone, untracked)).body.code).toBe('item_unavailable');
    const productId = await soldOutProduct(1);
    expect((await join(someone, productId)).status).toBe(201);
    expect((await join(someone, productId)).body.code).toBe('already_waiting');
  });
});

describe('the team’s view of a product’s waitlist', () => {
  it('counts who waits, and editors set how long an offer holds the units', async () => {
    const productId = await soldOutProduct(1);
    await joinInOrder(productId, [await member(), await member()], 2);
    const view = await (await w.as('staff', `/api/dashboard/waitlists/products/${productId}`)).json();
    expect(view).toEqual({
      offerMinutes: 120,
      lines: [{ lineId: productId, name: `Product ${productId}`, waiting: 2, waitingUnits: 4, offered: 0 }],
    });
    const set = await w.as('manager', `/api/dashboard/waitlists/products/${productId}`, {
      method: 'PUT',
      body: JSON.stringify({ offerMinutes: 30 }),
    });
    expect((await set.json()).offerMinutes).toBe(30);
    await restock(productId, 2);
    const [offer] = await entries(productId);
    expect(offer.offered_until).toBe(new Date(w.ctx.deps.clock().getTime() + 30 * 60_000).toISOString());
  });
});
