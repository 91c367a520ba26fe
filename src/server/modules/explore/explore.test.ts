import { describe, expect, it } from 'vitest';
import { useMarketplace } from '../../testing/marketplace-fixtures';

const market = useMarketplace();

describe('explore', () => {
  it('lists industries with their categories and event types', async () => {
    const { status, body } = await market.json('/api/user/explore/industries');
    expect(status).toBe(200);
    const food = body.find((i: { key: string }) => i.key === 'foodandbeverage');
    expect(food.categories.map((c: { key: string }) => c.key)).toEqual(['restaurant', 'cafe']);
    expect(food.path).toBe('/food');
    expect(body.find((i: { key: string }) => i.key === 'events').categories.map((c: { key: string }) => c.key)).toEqual([
      'concert',
      'workshop',
    ]);
  });

  it('counts firms per category and upcoming listed events per type', async () => {
    const food = (await market.json('/api/user/explore/foodandbeverage')).body;
    expect(food.firms).toBe(2);
    expect(food.categories).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'cafe', firms: 1 })]));
    const events = (await market.json('/api/user/explore/events')).body;
    expect(events.types).toEqual([
      expect.objectContaining({ key: 'concert', upcoming: 1 }),
      expect.objectContaining({ key: 'workshop', upcoming: 1 }),
    ]);
  });
});
