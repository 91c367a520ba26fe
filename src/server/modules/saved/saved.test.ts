import { describe, expect, it } from 'vitest';
import { useMarketplace, useMembers } from '../../testing/marketplace-fixtures';

const market = useMarketplace();
const members = useMembers(market);

describe('saved items', () => {
  it('refuses signed-out callers', async () => {
    expect((await market.ctx.request('/api/user/user-saved/check/e1')).status).toBe(401);
    expect((await market.post('/api/user/user-saved', { entityId: 'e1', entityTypeCode: 60 })).status).toBe(401);
  });

  it('saves, checks, lists by type and deletes, idempotently', async () => {
    const created = await market.as(members.alice, '/api/user/user-saved', {
      method: 'POST',
      body: JSON.stringify({ entityId: 'e1', entityTypeCode: 60 }),
    });
    expect(created.status).toBe(201);
    const item = await created.json();
    const again = await market.as(members.alice, '/api/user/user-saved', {
      method: 'POST',
      body: JSON.stringify({ entityId: 'e1', entityTypeCode: 60 }),
    });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(item.id);
    expect(await (await market.as(members.alice, '/api/user/user-saved/check/e1')).json()).toEqual({ saved: true, id: item.id });
    const list = await (await market.as(members.alice, '/api/user/user-saved/by-entity-type?offset=0&limit=10&entitytc=60')).json();
    expect(list.content).toEqual([expect.objectContaining({ id: item.id, name: 'Event e1', path: '/event/evte1xx' })]);
    const none = await (await market.as(members.alice, '/api/user/user-saved/by-entity-type?offset=0&limit=10')).json();
    expect(none.content).toEqual([]);
    expect((await market.as(members.alice, `/api/user/user-saved/${item.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await market.as(members.alice, '/api/user/user-saved/check/e1')).json()).toEqual({ saved: false, id: null });
  });

  it("refuses another user's items: not visible, not deletable", async () => {
    const mine = await (
      await market.as(members.alice, '/api/user/user-saved', {
        method: 'POST',
        body: JSON.stringify({ entityId: 'f1', entityTypeCode: 20 }),
      })
    ).json();
    expect(await (await market.as(members.bob, '/api/user/user-saved/check/f1')).json()).toEqual({ saved: false, id: null });
    const bobsList = await (await market.as(members.bob, '/api/user/user-saved/by-entity-type?offset=0&limit=10&entitytc=20')).json();
    expect(bobsList.totalElements).toBe(0);
    const denied = await market.as(members.bob, `/api/user/user-saved/${mine.id}`, { method: 'DELETE' });
    expect(denied.status).toBe(404);
    expect(await (await market.as(members.alice, '/api/user/user-saved/check/f1')).json()).toEqual({ saved: true, id: mine.id });
  });

  it('refuses to save what does not exist or an unsavable type', async () => {
    expect(
      (
        await market.as(members.alice, '/api/user/user-saved', {
          method: 'POST',
          body: JSON.stringify({ entityId: 'nope', entityTypeCode: 60 }),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await market.as(members.alice, '/api/user/user-saved', {
          method: 'POST',
          body: JSON.stringify({ entityId: 'e1', entityTypeCode: 10 }),
        })
      ).status,
    ).toBe(400);
  });

  it('leaves unpublished products and dishes of unpublished menus out of the saved lists, and refuses to save them', async () => {
    const db = market.ctx.deps.db;
    const save = (entityId: string, entityTypeCode: number) =>
      market.as(members.alice, '/api/user/user-saved', { method: 'POST', body: JSON.stringify({ entityId, entityTypeCode }) });
    const list = async (code: number) =>
      (await (await market.as(members.alice, `/api/user/user-saved/by-entity-type?offset=0&limit=10&entitytc=${code}`)).json()) as {
        content: { entityId: string }[];
        totalElements: number;
      };
    expect((await save('p2', 50)).status).toBe(201);
    expect((await save('i2', 80)).status).toBe(201);
    expect((await list(50)).content.map((e) => e.entityId)).toEqual(['p2']);
    await db.updateTable('products').set({ published: 0 }).where('id', 'in', ['p2', 'p3']).execute();
    await db.updateTable('menus').set({ published: 0 }).where('id', '=', 'm1').execute();
    try {
      expect(await list(50)).toMatchObject({ content: [], totalElements: 0 });
      expect(await list(80)).toMatchObject({ content: [], totalElements: 0 });
      // hidden ones cannot be saved either
      expect((await save('p3', 50)).status).toBe(404);
      expect((await save('i1', 80)).status).toBe(404);
    } finally {
      await db.updateTable('products').set({ published: 1 }).where('id', 'in', ['p2', 'p3']).execute();
      await db.updateTable('menus').set({ published: 1 }).where('id', '=', 'm1').execute();
    }
    // shown again: back in the list, nothing was lost
    expect((await list(50)).content.map((e) => e.entityId)).toEqual(['p2']);
    expect((await list(80)).content.map((e) => e.entityId)).toEqual(['i2']);
  });
});
