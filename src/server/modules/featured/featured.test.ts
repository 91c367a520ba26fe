import { describe, expect, it } from 'vitest';
import { useMarketplace } from '../../testing/marketplace-fixtures';
import { createFeaturedService } from './featured.service';

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

  it('never shows an unpublished product or a dish of an unpublished menu (drafts and hidden ones)', async () => {
    const db = market.ctx.deps.db;
    await db
      .insertInto('featured_items')
      .values([
        { id: 'fe5', entity_id: 'p1', entity_type_code: 50, sort: 5 },
        { id: 'fe6', entity_id: 'i1', entity_type_code: 80, sort: 6 },
      ])
      .execute();
    // the service itself (the route's answer is cached, and emptied by the owners' writes, not by these)
    const featured = createFeaturedService(db);
    const ids = async () => (await featured.list()).map((item) => item.entityId);
    expect(await ids()).toEqual(expect.arrayContaining(['p1', 'i1']));
    await db.updateTable('products').set({ published: 0 }).where('id', '=', 'p1').execute();
    await db.updateTable('menus').set({ published: 0 }).where('id', '=', 'm1').execute();
    expect(await ids()).not.toContain('p1');
    expect(await ids()).not.toContain('i1');
    expect(await ids()).toEqual(['f1', 'e1', 'b1']);
    await db.updateTable('products').set({ published: 1 }).where('id', '=', 'p1').execute();
    await db.updateTable('menus').set({ published: 1 }).where('id', '=', 'm1').execute();
    await db.deleteFrom('featured_items').where('id', 'in', ['fe5', 'fe6']).execute();
  });
});
