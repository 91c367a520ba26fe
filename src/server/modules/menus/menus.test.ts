import { describe, expect, it } from 'vitest';
import { useMarketplace } from '../../testing/marketplace-fixtures';

const market = useMarketplace();

describe('menus', () => {
  it('returns menus with their sections and items, prices and tags', async () => {
    const { body } = await market.json('/api/public/menu?firmId=f1');
    expect(body).toHaveLength(1);
    expect(body[0].sections).toHaveLength(1);
    expect(body[0].sections[0].name).toBeNull();
    expect(body[0].sections[0].items).toEqual([
      expect.objectContaining({ name: 'Croissant', priceMinor: 250, currency: 'EUR', tags: ['vegetarian', 'contains-gluten'] }),
      expect.objectContaining({ name: 'Espresso', tags: ['vegan'] }),
    ]);
    expect((await market.json('/api/public/menu/items/i1')).body).toMatchObject({ firmUsername: 'CafeLumiere', menuName: 'Breakfast' });
    expect((await market.json('/api/public/menu/items/nope')).status).toBe(404);
  });
});
