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

  it('shows a menu item with its firm (for its own page)', async () => {
    const { status, body } = await market.json('/api/public/menu/items/item0001');
    expect(status).toBe(200);
    expect(body).toMatchObject({ shortId: 'item0001', firmUsername: 'CafeLumiere', firmImagePath: 'img1', menuName: 'Breakfast' });
    expect(typeof body.firmTakesOrders).toBe('boolean');
  });
});
