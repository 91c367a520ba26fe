import { describe, expect, it } from 'vitest';
import { useMarketplace } from '../../testing/marketplace-fixtures';

const market = useMarketplace();

describe('products', () => {
  it('pages products of a firm with the default size 4', async () => {
    const { body } = await market.json('/api/public/products?firmId=f3');
    expect(body).toMatchObject({ size: 4, totalElements: 5, totalPages: 2, first: true, last: false });
    expect(body.content[0]).toMatchObject({ name: 'Book 5', inStock: false });
  });
});
