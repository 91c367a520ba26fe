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

  it('creates a product with two pictures, a compare-at price and stock 3; the shop shows it at once', async () => {
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

  it('50 parallel stock adjustments never take the stock below zero, and the log adds up', async () => {
    const id = await insertProduct(db(), FIRM, { stock: 10, sold: 0 });
    // 40 take 1 away, 10 add 1: with 10 in stock, at least 20 removals must be refused, whatever the order
    const deltas = Array.from({ length: 50 }, (_, n) => (n % 5 === 0 ? 1 : -1));
    const answers = await Promise.all(
      deltas.map((delta, n) =>
        send(
          'POST',
          `/api/dashboard/products/${id}/stock`,
          { delta, reason: delta > 0 ? 'returned' : 'damaged' },
          n % 2 ? 'manager' : 'owner',
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const applied = deltas.filter((_, n) => statuses[n] === 200);
    const row = await db().selectFrom('products').select(['stock', 'sold']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.stock).toBe(10 + applied.reduce((sum, d) => sum + d, 0));
    expect(row.stock).toBeGreaterThanOrEqual(0);
    expect(deltas.filter((d, n) => d > 0 && statuses[n] !== 200)).toEqual([]);
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThanOrEqual(20);
    const log = await db().selectFrom('stock_movements').select(['delta', 'available_after']).where('product_id', '=', id).execute();
    expect(log.length).toBe(applied.length);
    expect(log.reduce((sum, m) => sum + m.delta, 0)).toBe(row.stock - 10);
    expect(log.every((m) => m.available_after >= 0)).toBe(true);
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
