import { describe, expect, it } from 'vitest';
import { imageForm, insertMenu, insertMenuItem, usePremium } from '../../testing/catalogue-fixtures';
import { FIRM, OTHER_FIRM, useWorkspace } from '../../testing/workspace-fixtures';

const workspace = useWorkspace();
const db = () => workspace.ctx.deps.db;

async function send(method: string, path: string, body?: unknown, actor: 'owner' | 'manager' | 'staff' | 'otherOwner' = 'owner') {
  const response = await workspace.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, type: response.headers.get('content-type') };
}

type PublicMenu = { id: string; name: string; items: { id: string; name: string; available: boolean }[] };
const publicMenus = async (firmId = FIRM) => (await workspace.market.json(`/api/public/menu?firmId=${firmId}`)).body as PublicMenu[];

describe('owner menus', () => {
  it('builds a menu with two sections, items with options and tags, a sold-out item; the public menu follows at once', async () => {
    await usePremium(db(), FIRM);
    const before = await publicMenus(); // warms the public cache: the writes below must empty it
    const breakfast = await send('POST', `/api/dashboard/menus?firmId=${FIRM}`, { name: 'Weekend breakfast' });
    expect(breakfast.status).toBe(201);
    const drinks = await send('POST', `/api/dashboard/menus?firmId=${FIRM}`, { name: 'Cold drinks', description: 'Pressed this morning.' });
    const ids = Object.fromEntries(drinks.body.menus.map((m: { name: string; id: string }) => [m.name, m.id]));
    const upload = await workspace.as('owner', `/api/dashboard/menus/images?firmId=${FIRM}`, {
      method: 'POST',
      body: await imageForm('#27ae60'),
    });
    const { imagePath } = await upload.json();
    const eggs = await send('POST', `/api/dashboard/menu-items?firmId=${FIRM}`, {
      menuId: ids['Weekend breakfast'],
      name: 'Green shakshuka',
      description: 'Eggs, spinach, feta.',
      price: 1150,
      currency: 'EUR',
      imagePath,
      tags: ['vegetarian', 'contains-eggs', 'contains-dairy', 'vegetarian'],
      options: [
        { name: 'Extra egg', priceDelta: 150 },
        { name: 'Half portion', priceDelta: -300 },
      ],
    });
    expect(eggs.status).toBe(201);
    expect(eggs.body).toMatchObject({ tags: ['vegetarian', 'contains-eggs', 'contains-dairy'], available: true, imageWidth: 24 });
    const juice = await send('POST', `/api/dashboard/menu-items?firmId=${FIRM}`, {
      menuId: ids['Cold drinks'],
      name: 'Blood orange juice',
      price: 550,
      currency: 'EUR',
    });
    const soldOut = await send('PATCH', `/api/dashboard/menu-items/${juice.body.id}/availability`, { available: false });
    expect(soldOut.body.available).toBe(false);

    const after = await publicMenus();
    expect(after.length).toBe(before.length + 2);
    const shown = after.find((m) => m.name === 'Cold drinks')!;
    expect(shown.items).toEqual([expect.objectContaining({ name: 'Blood orange juice', available: false })]);
    expect(after.find((m) => m.name === 'Weekend breakfast')!.items.map((i) => i.name)).toEqual(['Green shakshuka']);

    // a deleted menu leaves the public page with its items
    expect((await send('DELETE', `/api/dashboard/menus/${ids['Cold drinks']}`)).status).toBe(204);
    expect((await publicMenus()).some((m) => m.name === 'Cold drinks')).toBe(false);
    expect((await send('GET', `/api/dashboard/menu-items/${juice.body.id}`)).status).toBe(404);
  });

  it('unpublishes a menu: it leaves the firm page, its items their pages and the search; publishing brings them back', async () => {
    await usePremium(db(), FIRM);
    const menus = await send('POST', `/api/dashboard/menus?firmId=${FIRM}`, { name: 'Secret brunch' });
    const menuId = menus.body.menus.find((m: { name: string }) => m.name === 'Secret brunch').id as string;
    const created = await send('POST', `/api/dashboard/menu-items?firmId=${FIRM}`, {
      menuId,
      name: 'Saffron pancakes',
      price: 900,
      currency: 'EUR',
    });
    const item = created.body as { id: string; shortId: string; name: string };
    const itemId = item.id;
    expect((await publicMenus()).some((m) => m.id === menuId)).toBe(true);
    expect((await workspace.market.json(`/api/public/menu/items/${item.shortId}`)).status).toBe(200);

    // staff may not publish or unpublish (catalogue.edit); nothing changes
    expect((await send('PATCH', `/api/dashboard/menus/${menuId}/published`, { published: false }, 'staff')).status).toBe(403);
    expect((await publicMenus()).some((m) => m.id === menuId)).toBe(true);

    const hidden = await send('PATCH', `/api/dashboard/menus/${menuId}/published`, { published: false }, 'manager');
    expect(hidden.status).toBe(200);
    expect(hidden.body.menus.find((m: { id: string }) => m.id === menuId)).toMatchObject({ published: false });
    expect((await publicMenus()).some((m) => m.id === menuId)).toBe(false);
    expect((await workspace.market.json(`/api/public/menu/items/${item.shortId}`)).status).toBe(404);
    const found = (await workspace.market.json(`/api/public/search/dishes?q=${encodeURIComponent(item.name)}`)).body as {
      content?: { id: string }[];
    };
    expect((found.content ?? []).some((hit) => hit.id === itemId)).toBe(false);
    // the workspace still has it, with its items
    expect((await send('GET', `/api/dashboard/menu-items/${itemId}`)).status).toBe(200);

    expect((await send('PATCH', `/api/dashboard/menus/${menuId}/published`, { published: true })).status).toBe(200);
    expect((await publicMenus()).find((m) => m.id === menuId)?.items.map((i) => i.id)).toEqual([itemId]);
    expect((await send('PATCH', `/api/dashboard/menus/${menuId}/published`, { published: 'yes' })).status).toBe(400);
    expect((await send('PATCH', `/api/dashboard/menus/${menuId}/published`, { published: false }, 'otherOwner')).status).toBe(404);
  });

  it('refuses bad input with field errors, other firms’ menus and pictures, and saves nothing', async () => {
    const menuId = await insertMenu(db(), FIRM);
    const bad = await send('POST', `/api/dashboard/menu-items?firmId=${FIRM}`, {
      menuId,
      name: '',
      price: -1,
      currency: 'XXX',
      tags: ['tasty'],
    });
    expect(bad.status).toBe(400);
    expect(bad.type).toBe('application/problem+json');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['currency', 'name', 'price', 'tags.0']);
    const otherMenu = await insertMenu(db(), OTHER_FIRM);
    const foreign = await send('POST', `/api/dashboard/menu-items?firmId=${FIRM}`, {
      menuId: otherMenu,
      name: 'Tea',
      price: 300,
      currency: 'EUR',
    });
    expect(foreign).toMatchObject({ status: 400, body: { errors: { menuId: ['validation.unknownMenu'] } } });
    const upload = await workspace.as('otherOwner', `/api/dashboard/menus/images?firmId=${OTHER_FIRM}`, {
      method: 'POST',
      body: await imageForm(),
    });
    const theirs = (await upload.json()).imagePath;
    const stolen = await send('POST', `/api/dashboard/menu-items?firmId=${FIRM}`, {
      menuId,
      name: 'Tea',
      price: 300,
      currency: 'EUR',
      imagePath: theirs,
    });
    expect(stolen).toMatchObject({ status: 400, body: { errors: { imagePath: ['validation.image'] } } });
    const items = await db().selectFrom('menu_items').select('id').where('menu_id', '=', menuId).execute();
    expect(items).toEqual([]);
    // another firm's item is not found for them
    const mine = await insertMenuItem(db(), FIRM, menuId);
    expect((await send('DELETE', `/api/dashboard/menu-items/${mine}`, undefined, 'otherOwner')).status).toBe(404);
  });

  it('counts menus and items against the plan on real rows', async () => {
    // f2 is on the free plan: count what it has, fill up to its limit, then one more is refused
    const dash = await send('GET', `/api/dashboard/firms/dash-firm?firmId=${OTHER_FIRM}`, undefined, 'otherOwner');
    const feature = dash.body.subscriptionInfoDto.features.find((f: { featureKey: string }) => f.featureKey === 'CREATE_MENU');
    for (let i = feature.currentUsage; i < feature.limit; i++) {
      expect((await send('POST', `/api/dashboard/menus?firmId=${OTHER_FIRM}`, { name: `Menu ${i}` }, 'otherOwner')).status).toBe(201);
    }
    const refused = await send('POST', `/api/dashboard/menus?firmId=${OTHER_FIRM}`, { name: 'One too many' }, 'otherOwner');
    expect(refused).toMatchObject({ status: 403, body: { code: 'plan_limit', featureKey: 'CREATE_MENU' } });
    const list = await send('GET', `/api/dashboard/menus?firmId=${OTHER_FIRM}`, undefined, 'otherOwner');
    expect((await send('DELETE', `/api/dashboard/menus/${list.body.menus[0].id}`, undefined, 'otherOwner')).status).toBe(204);
    expect((await send('POST', `/api/dashboard/menus?firmId=${OTHER_FIRM}`, { name: 'Room again' }, 'otherOwner')).status).toBe(201);
  });

  it('sorts sections and items atomically; a list that is not the whole menu is 409 and changes nothing', async () => {
    const current = (await send('GET', `/api/dashboard/menus?firmId=${FIRM}`)).body.menus as PublicMenu[];
    const reversed = current.map((menu) => ({ id: menu.id, itemIds: menu.items.map((item) => item.id).reverse() })).reverse();
    // move the first item of the (new) first menu that has two into the last menu
    const sorted = await send('PUT', `/api/dashboard/sort-menu?firmId=${FIRM}`, { menus: reversed });
    expect(sorted.status).toBe(200);
    expect(sorted.body.menus.map((m: PublicMenu) => m.id)).toEqual(reversed.map((m) => m.id));
    expect((await publicMenus()).map((m) => m.id)).toEqual(reversed.map((m) => m.id));
    const missing = await send('PUT', `/api/dashboard/sort-menu?firmId=${FIRM}`, { menus: reversed.slice(1) });
    expect(missing).toMatchObject({ status: 409, body: { code: 'menu_changed' } });
    const duplicated = reversed.map((m, i) => (i === 0 ? { ...m, itemIds: [...m.itemIds, ...m.itemIds] } : m));
    expect((await send('PUT', `/api/dashboard/sort-menu?firmId=${FIRM}`, { menus: duplicated })).status).toBe(409);
    expect((await publicMenus()).map((m) => m.id)).toEqual(reversed.map((m) => m.id));
  });

  it('50 parallel sort-menu saves leave one of the orders whole, every item exactly once', async () => {
    const menus = (await send('GET', `/api/dashboard/menus?firmId=${FIRM}`)).body.menus as PublicMenu[];
    const allItems = menus.flatMap((menu) => menu.items.map((item) => item.id));
    expect(allItems.length).toBeGreaterThan(3);
    // 50 different orders: each menu's items shuffled by a rotation, items dealt across menus
    const orders = Array.from({ length: 50 }, (_, n) => {
      const rotated = [...allItems.slice(n % allItems.length), ...allItems.slice(0, n % allItems.length)];
      const menuIds = n % 2 === 0 ? menus.map((m) => m.id) : menus.map((m) => m.id).reverse();
      return { menus: menuIds.map((id, i) => ({ id, itemIds: rotated.filter((_, k) => k % menuIds.length === i) })) };
    });
    const answers = await Promise.all(
      orders.map((order, n) => send('PUT', `/api/dashboard/sort-menu?firmId=${FIRM}`, order, n % 2 ? 'manager' : 'owner')),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const rows = await db().selectFrom('menu_items').select(['id', 'menu_id', 'sort']).where('firm_id', '=', FIRM).execute();
    const menuRows = await db().selectFrom('menus').select(['id', 'sort']).where('firm_id', '=', FIRM).orderBy('sort').execute();
    const final = {
      menus: menuRows.map((menu) => ({
        id: menu.id,
        itemIds: rows
          .filter((row) => row.menu_id === menu.id)
          .sort((a, b) => a.sort - b.sort)
          .map((row) => row.id),
      })),
    };
    // the database holds exactly one of the 50 orders, not a mix of two
    expect(orders.some((order) => JSON.stringify(order) === JSON.stringify(final))).toBe(true);
    expect(rows.length).toBe(allItems.length);
    for (const menu of menuRows) {
      const sorts = rows.filter((row) => row.menu_id === menu.id).map((row) => row.sort);
      expect(new Set(sorts).size).toBe(sorts.length);
    }
  });

  it('staff read the menus but cannot change them', async () => {
    expect((await send('GET', `/api/dashboard/menus?firmId=${FIRM}`, undefined, 'staff')).status).toBe(200);
    const refused = await send('POST', `/api/dashboard/menus?firmId=${FIRM}`, { name: 'Staff menu' }, 'staff');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/permission/);
  });
});
