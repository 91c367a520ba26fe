import { describe, expect, it } from 'vitest';
import { imageForm, insertProduct, usePremium } from '../../testing/catalogue-fixtures';
import { FIRM, OTHER_FIRM, useWorkspace } from '../../testing/workspace-fixtures';

const workspace = useWorkspace();
const db = () => workspace.ctx.deps.db;

async function send(method: string, path: string, body?: unknown, actor: 'owner' | 'manager' | 'staff' | 'otherOwner' = 'owner') {
  const response = await workspace.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, type: response.headers.get('content-type') };
}

const publicProducts = async () =>
  (await workspace.market.json(`/api/public/products?firmId=${FIRM}&size=100`)).body.content as { name: string; inStock: boolean }[];

describe('owner shop and inventory', () => {
  it('unpublishes a product: it leaves the shop, its page and the search; publishing brings it back; staff may not', async () => {
    const id = await insertProduct(db(), FIRM);
    const product = (await send('GET', `/api/dashboard/products/${id}`)).body as { shortId: string; name: string; published: boolean };
    expect(product.published).toBe(true);
    const shown = async () => (await publicProducts()).some((p) => p.name === product.name);
    expect(await shown()).toBe(true);

    expect((await send('PATCH', `/api/dashboard/products/${id}/published`, { published: false }, 'staff')).status).toBe(403);
    expect(await shown()).toBe(true);

    const hidden = await send('PATCH', `/api/dashboard/products/${id}/published`, { published: false });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ id, published: false });
    expect(await shown()).toBe(false);
    expect((await workspace.market.json(`/api/public/products/sid/${product.shortId}`)).status).toBe(404);
    const found = (await workspace.market.json(`/api/public/search/products?q=${encodeURIComponent(product.name)}`)).body as {
      content?: { id: string }[];
    };
    expect((found.content ?? []).some((hit) => hit.id === id)).toBe(false);
    // the workspace lists it still, marked
    const list = (await send('GET', `/api/dashboard/products?firmId=${FIRM}`)).body.content as { id: string; published: boolean }[];
    expect(list.find((p) => p.id === id)).toMatchObject({ published: false });

    expect((await send('PATCH', `/api/dashboard/products/${id}/published`, { published: true }, 'manager')).status).toBe(200);
    expect(await shown()).toBe(true);
    expect((await workspace.market.json(`/api/public/products/sid/${product.shortId}`)).status).toBe(200);
  });

  it('creates a product with two pictures, a compare-at price and stock 3, a draft; the shop shows it once published', async () => {
    await usePremium(db(), FIRM);
    const before = await publicProducts();
    const pictures = [];
    for (const color of ['#2980b9', '#8e44ad']) {
      const upload = await workspace.as('manager', `/api/dashboard/products/images?firmId=${FIRM}`, {
        method: 'POST',
        body: await imageForm(color),
      });
      expect(upload.status).toBe(201);
      pictures.push((await upload.json()).imagePath);
    }
    const created = await send('POST', `/api/dashboard/products?firmId=${FIRM}`, {
      name: 'Hand-thrown mug',
      description: 'Stoneware, 300 ml.',
      price: 2400,
      compareAtPrice: 3000,
      currency: 'EUR',
      sku: 'MUG-300',
      images: pictures,
      initialStock: 3,
      lowStockAt: 2,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ images: pictures, stock: 3, sold: 0, available: 3, low: false, trackStock: true, sku: 'MUG-300' });
    // a new product is a draft: the shop shows it once it is published
    expect(created.body.published).toBe(false);
    expect((await publicProducts()).length).toBe(before.length);
    expect((await send('PATCH', `/api/dashboard/products/${created.body.id}/published`, { published: true })).status).toBe(200);
    const after = await publicProducts();
    expect(after.length).toBe(before.length + 1);
    expect(after.find((p) => p.name === 'Hand-thrown mug')).toMatchObject({ inStock: true });
    const log = await send('GET', `/api/dashboard/products/${created.body.id}/movements`);
    expect(log.body.content).toEqual([expect.objectContaining({ delta: 3, reason: 'received', availableAfter: 3, userName: 'Owner' })]);

    // stock down to 0 with a reason: the shop says sold out at once; the log keeps both
    const out = await send('POST', `/api/dashboard/products/${created.body.id}/stock`, {
      delta: -3,
      reason: 'damaged',
      note: 'Dropped a box',
    });
    expect(out.body).toMatchObject({ available: 0, low: true });
    expect((await publicProducts()).find((p) => p.name === 'Hand-thrown mug')).toMatchObject({ inStock: false });
    const low = await send('GET', `/api/dashboard/products?firmId=${FIRM}&low=1`);
    expect(low.body.content.map((p: { id: string }) => p.id)).toContain(created.body.id);
    const below = await send('POST', `/api/dashboard/products/${created.body.id}/stock`, { delta: -1, reason: 'lost' });
    expect(below).toMatchObject({ status: 409, body: { code: 'stock_below_zero' } });
    expect((await send('GET', `/api/dashboard/products/${created.body.id}/movements`)).body.totalElements).toBe(2);
    // a picture taken off the product is released
    const kept = await send('PUT', `/api/dashboard/products/${created.body.id}`, {
      name: 'Hand-thrown mug',
      price: 2400,
      currency: 'EUR',
      images: [pictures[1]],
    });
    expect(kept.body.images).toEqual([pictures[1]]);
    expect(await db().selectFrom('media').select('id').where('id', '=', pictures[0]).executeTakeFirst()).toBeUndefined();
  });

  it('refuses bad input with field errors and saves nothing', async () => {
    const count = async () => (await db().selectFrom('products').select('id').where('firm_id', '=', FIRM).execute()).length;
    const before = await count();
    const bad = await send('POST', `/api/dashboard/products?firmId=${FIRM}`, {
      name: ' ',
      price: -5,
      compareAtPrice: 100,
      currency: 'EUR',
      initialStock: -1,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['initialStock', 'name', 'price']);
    const cheaper = await send('POST', `/api/dashboard/products?firmId=${FIRM}`, {
      name: 'Tea',
      price: 500,
      compareAtPrice: 400,
      currency: 'EUR',
    });
    expect(cheaper).toMatchObject({ status: 400, body: { errors: { compareAtPrice: ['validation.compareAtBelowPrice'] } } });
    const upload = await workspace.as('otherOwner', `/api/dashboard/products/images?firmId=${OTHER_FIRM}`, {
      method: 'POST',
      body: await imageForm(),
    });
    const theirs = (await upload.json()).imagePath;
    const stolen = await send('POST', `/api/dashboard/products?firmId=${FIRM}`, {
      name: 'Tea',
      price: 500,
      currency: 'EUR',
      images: [theirs],
    });
    expect(stolen).toMatchObject({ status: 400, body: { errors: { 'images.0': ['validation.image'] } } });
    const zero = await send('POST', `/api/dashboard/products/${await insertProduct(db(), FIRM)}/stock`, { delta: 0, reason: 'magic' });
    expect(Object.keys(zero.body.errors).sort()).toEqual(['delta', 'reason']);
    expect(await count()).toBe(before + 1);
    const mine = await insertProduct(db(), FIRM);
    expect((await send('POST', `/api/dashboard/products/${mine}/stock`, { delta: 1, reason: 'received' }, 'otherOwner')).status).toBe(404);
  });

  it.each(['product', 'variant'] as const)(
    '50 parallel stock adjustments of one %s never take the stock below zero, and the log adds up',
    async (kind) => {
      const id = await insertProduct(db(), FIRM, { stock: 10, sold: 0 });
      let variantId: string | null = null;
      let table: 'products' | 'product_variants' = 'products';
      if (kind === 'variant') {
        const saved = await send('PUT', `/api/dashboard/products/${id}`, {
          name: 'Linen shirt',
          price: 4000,
          currency: 'EUR',
          variants: [
            { name: 'S', price: 4000, initialStock: 10 },
            { name: 'M', price: 4000, initialStock: 2 },
          ],
        });
        expect(saved.status).toBe(200);
        variantId = saved.body.variants[0].id;
        table = 'product_variants';
      }
      const target = variantId ?? id;
      const before = await db().selectFrom('stock_movements').select('id').where('product_id', '=', id).execute();
      // 40 take 1 away, 10 add 1: with 10 in stock, at least 20 removals must be refused, whatever the order
      const deltas = Array.from({ length: 50 }, (_, n) => (n % 5 === 0 ? 1 : -1));
      const answers = await Promise.all(
        deltas.map((delta, n) =>
          send(
            'POST',
            `/api/dashboard/products/${id}/stock`,
            { delta, reason: delta > 0 ? 'returned' : 'damaged', variantId },
            n % 2 ? 'manager' : 'owner',
          ),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      const applied = deltas.filter((_, n) => statuses[n] === 200);
      const row = await db().selectFrom(table).select(['stock', 'sold']).where('id', '=', target).executeTakeFirstOrThrow();
      expect(row.stock).toBe(10 + applied.reduce((sum, d) => sum + d, 0));
      expect(row.stock).toBeGreaterThanOrEqual(0);
      expect(deltas.filter((d, n) => d > 0 && statuses[n] !== 200)).toEqual([]);
      expect(statuses.filter((s) => s === 409).length).toBeGreaterThanOrEqual(20);
      const log = await db()
        .selectFrom('stock_movements')
        .select(['id', 'delta', 'available_after', 'variant_id'])
        .where('product_id', '=', id)
        .execute();
      const added = log.filter((m) => !before.some((b) => b.id === m.id));
      expect(added.length).toBe(applied.length);
      expect(added.every((m) => m.variant_id === variantId)).toBe(true);
      expect(added.reduce((sum, m) => sum + m.delta, 0)).toBe(row.stock - 10);
      expect(added.every((m) => m.available_after >= 0)).toBe(true);
      if (variantId) {
        // the other variant and the product's own stock did not move
        const other = await db()
          .selectFrom('product_variants')
          .select('stock')
          .where('product_id', '=', id)
          .where('name', '=', 'M')
          .executeTakeFirstOrThrow();
        expect(other.stock).toBe(2);
        expect((await db().selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock).toBe(10);
      }
    },
  );

  it('saves variants with the product: own price, SKU and stock; renames, removes and adds them in one save', async () => {
    await usePremium(db(), FIRM);
    const created = await send('POST', `/api/dashboard/products?firmId=${FIRM}`, {
      name: 'Wool scarf',
      price: 3000,
      currency: 'EUR',
      lowStockAt: 1,
      variants: [
        { name: 'Red', price: 3200, sku: 'SCARF-R', initialStock: 4 },
        { name: 'Blue', price: 2900, sku: 'SCARF-B', initialStock: 0 },
        { name: 'Made to measure', price: 6000, trackStock: false },
      ],
    });
    expect(created.status).toBe(201);
    const product = created.body;
    await send('PATCH', `/api/dashboard/products/${product.id}/published`, { published: true });
    // the lists' price is the lowest variant's
    expect(product).toMatchObject({ price: 2900, low: true });
    expect(product.variants).toMatchObject([
      { name: 'Red', price: 3200, sku: 'SCARF-R', trackStock: true, stock: 4, available: 4, low: false },
      { name: 'Blue', price: 2900, sku: 'SCARF-B', trackStock: true, stock: 0, available: 0, low: true },
      { name: 'Made to measure', price: 6000, trackStock: false, low: false },
    ]);
    const [red, blue, measure] = product.variants as { id: string }[];
    const log = await send('GET', `/api/dashboard/products/${product.id}/movements`);
    expect(log.body.content).toEqual([expect.objectContaining({ delta: 4, reason: 'received', variantName: 'Red', availableAfter: 4 })]);
    expect((await send('GET', `/api/dashboard/products?firmId=${FIRM}&low=1`)).body.content.map((p: { id: string }) => p.id)).toContain(
      product.id,
    );

    // the visitor sees every variant's price and whether it can be had, never the count
    const visitor = await workspace.market.json(`/api/public/products/sid/${product.shortId}`);
    expect(visitor.body).toMatchObject({
      inStock: true,
      variants: [
        { name: 'Red', priceMinor: 3200, inStock: true },
        { name: 'Blue', priceMinor: 2900, inStock: false },
        { name: 'Made to measure', priceMinor: 6000, inStock: true },
      ],
    });
    expect(JSON.stringify(visitor.body.variants)).not.toContain('stock"');
    // a product with variants is not put in a cart as a whole
    const cart = await workspace.as('otherOwner', '/api/user/cart/items', {
      method: 'PUT',
      body: JSON.stringify({ itemType: 'product', itemId: product.id, quantity: 1 }),
    });
    expect(cart.status).toBe(400);

    // one save: Red and Blue swap names (and SKUs), the made-to-measure one goes, a new one comes
    const saved = await send('PUT', `/api/dashboard/products/${product.id}`, {
      name: 'Wool scarf',
      price: 3000,
      currency: 'EUR',
      lowStockAt: 1,
      variants: [
        { id: blue.id, name: 'Red', price: 2900, sku: 'SCARF-R' },
        { id: red.id, name: 'Blue', price: 3200, sku: 'SCARF-B' },
        { name: 'Green', price: 3100, initialStock: 2 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.variants.map((v: { id: string; name: string; stock: number }) => [v.id === red.id, v.name, v.stock])).toEqual([
      [false, 'Red', 0],
      [true, 'Blue', 4],
      [false, 'Green', 2],
    ]);
    expect(await db().selectFrom('product_variants').select('id').where('id', '=', measure.id).executeTakeFirst()).toBeUndefined();

    // an adjustment names its variant
    const unnamed = await send('POST', `/api/dashboard/products/${product.id}/stock`, { delta: 1, reason: 'received' });
    expect(unnamed).toMatchObject({ status: 400, body: { errors: { variantId: ['validation.chooseVariant'] } } });
    const elsewhere = await send('POST', `/api/dashboard/products/${product.id}/stock`, {
      delta: 1,
      reason: 'received',
      variantId: 'nope',
    });
    expect(elsewhere.status).toBe(404);
    const received = await send('POST', `/api/dashboard/products/${product.id}/stock`, {
      delta: 3,
      reason: 'received',
      variantId: blue.id,
      note: 'Restock',
    });
    expect(received.body.variants[0]).toMatchObject({ id: blue.id, available: 3, low: false });
    const below = await send('POST', `/api/dashboard/products/${product.id}/stock`, { delta: -5, reason: 'lost', variantId: blue.id });
    expect(below).toMatchObject({ status: 409, body: { code: 'stock_below_zero' } });
    const blueLog = await send('GET', `/api/dashboard/products/${product.id}/movements?variantId=${blue.id}`);
    expect(blueLog.body.content).toEqual([expect.objectContaining({ delta: 3, note: 'Restock', variantName: 'Red' })]);
    expect((await workspace.market.json(`/api/public/products/sid/${product.shortId}`)).body.variants[0]).toMatchObject({
      name: 'Red',
      inStock: true,
    });

    // back to no variants: the product's own price and stock count again
    const plain = await send('PUT', `/api/dashboard/products/${product.id}`, { name: 'Wool scarf', price: 3000, currency: 'EUR' });
    expect(plain.body).toMatchObject({ price: 3000, variants: [] });
    expect((await workspace.market.json(`/api/public/products/sid/${product.shortId}`)).body.variants).toEqual([]);
  });

  it('refuses bad variants with field errors and saves nothing', async () => {
    const id = await insertProduct(db(), FIRM);
    await insertProduct(db(), FIRM, { sku: 'TAKEN-1' });
    const other = await insertProduct(db(), FIRM);
    const ok = await send('PUT', `/api/dashboard/products/${other}`, {
      name: 'Other',
      price: 100,
      currency: 'EUR',
      variants: [{ name: 'One', price: 100, sku: 'TAKEN-2' }],
    });
    expect(ok.status).toBe(200);
    const put = (variants: unknown[]) =>
      send('PUT', `/api/dashboard/products/${id}`, { name: 'Mug', price: 1000, currency: 'EUR', variants });
    const bad = await put([
      { name: 'Small', price: -1 },
      { name: ' small ', price: 100, sku: 'a' },
      { name: '', price: 100, sku: 'A' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      'variants.0.price': ['validation.priceNegative'],
      'variants.1.name': ['validation.variantNameTaken'],
      'variants.2.sku': ['validation.skuTaken'],
    });
    expect(Object.keys(bad.body.errors)).toContain('variants.2.name');
    const many = await put(Array.from({ length: 51 }, (_, n) => ({ name: `V${n}`, price: 100 })));
    expect(many).toMatchObject({ status: 400, body: { errors: { variants: ['validation.tooManyVariants'] } } });
    // SKUs another product (or another product's variant) of the firm uses
    const taken = await put([
      { name: 'A', price: 100, sku: 'TAKEN-1' },
      { name: 'B', price: 100, sku: 'TAKEN-2' },
      { name: 'C', price: 100, sku: 'FREE' },
    ]);
    expect(taken).toMatchObject({
      status: 400,
      body: { errors: { 'variants.0.sku': ['validation.skuTaken'], 'variants.1.sku': ['validation.skuTaken'] } },
    });
    expect(taken.body.errors['variants.2.sku']).toBeUndefined();
    // an id of another product's variant
    const foreign = await put([{ id: ok.body.variants[0].id, name: 'Stolen', price: 100 }]);
    expect(foreign).toMatchObject({ status: 400, body: { errors: { 'variants.0.id': ['validation.unknownVariant'] } } });
    // another firm's owner cannot touch it
    expect(
      (await send('PUT', `/api/dashboard/products/${id}`, { name: 'X', price: 1, currency: 'EUR', variants: [] }, 'otherOwner')).status,
    ).toBe(404);
    expect(await db().selectFrom('product_variants').select('id').where('product_id', '=', id).execute()).toEqual([]);
    expect((await db().selectFrom('products').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).not.toBe('Mug');
  });

  it('counts products against the plan; staff read the stock but cannot adjust it', async () => {
    const dash = await send('GET', `/api/dashboard/firms/dash-firm?firmId=${OTHER_FIRM}`, undefined, 'otherOwner');
    const feature = dash.body.subscriptionInfoDto.features.find((f: { featureKey: string }) => f.featureKey === 'CREATE_PRODUCT');
    for (let i = feature.currentUsage; i < feature.limit; i++) {
      expect(
        (await send('POST', `/api/dashboard/products?firmId=${OTHER_FIRM}`, { name: `P${i}`, price: 100, currency: 'EUR' }, 'otherOwner'))
          .status,
      ).toBe(201);
    }
    const refused = await send(
      'POST',
      `/api/dashboard/products?firmId=${OTHER_FIRM}`,
      { name: 'More', price: 100, currency: 'EUR' },
      'otherOwner',
    );
    expect(refused).toMatchObject({ status: 403, body: { code: 'plan_limit', featureKey: 'CREATE_PRODUCT' } });
    const staff = await send(
      'POST',
      `/api/dashboard/products/${await insertProduct(db(), FIRM)}/stock`,
      { delta: 1, reason: 'received' },
      'staff',
    );
    expect(staff.status).toBe(403);
    expect((await send('GET', `/api/dashboard/products?firmId=${FIRM}`, undefined, 'staff')).status).toBe(200);
  });
});
