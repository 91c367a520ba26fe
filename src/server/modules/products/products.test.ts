import { describe, expect, it } from 'vitest';
import { useMarketplace } from '../../testing/marketplace-fixtures';

const market = useMarketplace();

describe('products', () => {
  it('pages products of a firm with the default size 4', async () => {
    const { body } = await market.json('/api/public/products?firmId=f3');
    expect(body).toMatchObject({ size: 4, totalElements: 5, totalPages: 2, first: true, last: false });
    expect(body.content[0]).toMatchObject({ name: 'Book 5', inStock: false });
  });

  it('shows a product with the firm that sells it; an unknown one is a 404', async () => {
    const { status, body } = await market.json('/api/public/products/sid/prod0002');
    expect(status).toBe(200);
    expect(body).toMatchObject({ shortId: 'prod0002', name: 'Book 2', firmId: 'f3', firmName: 'Pages & Co', firmUsername: 'pages' });
    expect((await market.json('/api/public/products/sid/nothere1')).status).toBe(404);
  });

  it('says the price before a reduction, and how many are left once at the low-stock mark', async () => {
    const db = market.ctx.deps.db;
    // each product read once: public reads are micro-cached
    const show = async (shortId: string) => (await market.json(`/api/public/products/sid/${shortId}`)).body;
    expect(await show('prod0003')).toMatchObject({ priceMinor: 1003, compareAtMinor: null, fewLeft: null });
    // 3 left of 10, at the firm's low-stock mark (3 unless set)
    await db.updateTable('products').set({ compare_at_minor: 1500, sold: 7 }).where('id', '=', 'p4').execute();
    expect(await show('prod0004')).toMatchObject({ priceMinor: 1004, compareAtMinor: 1500, fewLeft: 3 });
    // a compare-at price at or below the price is no reduction; an untracked stock has no count to tell
    await db.updateTable('products').set({ compare_at_minor: 1001, sold: 7, track_stock: 0 }).where('id', '=', 'p1').execute();
    expect(await show('prod0001')).toMatchObject({ compareAtMinor: null, fewLeft: null });
  });

  it('shows a menu item with its firm (for its own page)', async () => {
    const { status, body } = await market.json('/api/public/menu/items/item0001');
    expect(status).toBe(200);
    expect(body).toMatchObject({ shortId: 'item0001', firmUsername: 'CafeLumiere', firmImagePath: 'img1', menuName: 'Breakfast' });
    expect(typeof body.firmTakesOrders).toBe('boolean');
  });
});
