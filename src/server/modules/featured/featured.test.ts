import { describe, expect, it } from 'vitest';
import { useMarketplace } from '../../testing/marketplace-fixtures';

const market = useMarketplace();

describe('featured', () => {
  it('resolves featured items in their curated order and drops missing ones', async () => {
    const { body } = await market.json('/api/user/explore/featured-showrooms');
    expect(body.map((i: { entityTypeCode: number; entityShortId: string }) => [i.entityTypeCode, i.entityShortId])).toEqual([
      [20, 'CafeLumiere'],
      [60, 'evte1xx'],
      [90, 'blogb1xx'],
    ]);
    expect(body[0]).toMatchObject({
      entityName: 'Café Lumière',
      imagePath: 'img1',
      imageWidth: 1200,
      imageHeight: 800,
      imageColor: '#aa8866',
    });
  });
});
