import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fillSections } from '../../db/migrations/0077-menu-sections';
import { imageForm, insertMenu, insertMenuItem, usePremium } from '../../testing/catalogue-fixtures';
import { FIRM, OTHER_FIRM, useWorkspace } from '../../testing/workspace-fixtures';

const workspace = useWorkspace();
const db = () => workspace.ctx.deps.db;

async function send(method: string, path: string, body?: unknown, actor: 'owner' | 'manager' | 'staff' | 'otherOwner' = 'owner') {
  const response = await workspace.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, type: response.headers.get('content-type') };
}

type Item = { id: string; name: string; available: boolean };
type PublicMenu = { id: string; name: string; sections: { id: string; name: string | null; items: Item[] }[] };
const publicMenus = async (firmId = FIRM) => (await workspace.market.json(`/api/public/menu?firmId=${firmId}`)).body as PublicMenu[];
const itemsOf = (menu: PublicMenu | undefined) => (menu?.sections ?? []).flatMap((section) => section.items);
const ownerMenus = async () =>
  (await send('GET', `/api/dashboard/menus?firmId=${FIRM}`)).body.menus as (PublicMenu & { published: boolean })[];
const publish = (id: string) => send('PATCH', `/api/dashboard/menus/${id}/published`, { published: true });
/** The whole current order of the firm's menus, as sort-menu wants it. */
const orderOf = (menus: PublicMenu[]) => ({
  menus: menus.map((menu) => ({ id: menu.id, sections: menu.sections.map((s) => ({ id: s.id, itemIds: s.items.map((i) => i.id) })) })),
});

describe('owner menus', () => {
  it('builds a menu with two sections, items with options and tags, a sold-out item; the public menu follows at once', async () => {
    await usePremium(db(), FIRM);
    const before = await publicMenus(); // warms the public cache: the writes below must empty it
    const breakfast = await send('POST', `/api/dashboard/menus?firmId=${FIRM}`, { name: 'Weekend breakfast' });
    expect(breakfast.status).toBe(201);
    const drinks = await send('POST', `/api/dashboard/menus?firmId=${FIRM}`, { name: 'Cold drinks', description: 'Pressed this morning.' });
    const ids = Object.fromEntries(drinks.body.menus.map((m: { name: string; id: string }) => [m.name, m.id]));
    // new menus are drafts, each with one unnamed section: not public until published
    const created = (drinks.body.menus as (PublicMenu & { published: boolean })[]).filter((m) => m.name in ids && m.id === ids[m.name]);
    expect(created.find((m) => m.name === 'Cold drinks')).toMatchObject({ published: false, sections: [{ name: null, items: [] }] });
    expect((await publicMenus()).length).toBe(before.length);
    expect((await publish(ids['Weekend breakfast'])).status).toBe(200);
    expect((await publish(ids['Cold drinks'])).status).toBe(200);
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
    expect(itemsOf(shown)).toEqual([expect.objectContaining({ name: 'Blood orange juice', available: false })]);
    expect(itemsOf(after.find((m) => m.name === 'Weekend breakfast')).map((i) => i.name)).toEqual(['Green shakshuka']);

    // a deleted menu leaves the public page with its items
    expect((await send('DELETE', `/api/dashboard/menus/${ids['Cold drinks']}`)).status).toBe(204);
    expect((await publicMenus()).some((m) => m.name === 'Cold drinks')).toBe(false);
    expect((await send('GET', `/api/dashboard/menu-items/${juice.body.id}`)).status).toBe(404);
  });

  it('unpublishes a menu: it leaves the firm page, its items their pages and the search; publishing brings them back', async () => {
    await usePremium(db(), FIRM);
    const menus = await send('POST', `/api/dashboard/menus?firmId=${FIRM}`, { name: 'Secret brunch' });
    const menuId = menus.body.menus.find((m: { name: string }) => m.name === 'Secret brunch').id as string;
    await publish(menuId);
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
    expect(itemsOf((await publicMenus()).find((m) => m.id === menuId)).map((i) => i.id)).toEqual([itemId]);
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
    // a section of another menu (here: another firm's) is refused too
    const wrongSection = await send('POST', `/api/dashboard/menu-items?firmId=${FIRM}`, {
      menuId,
      sectionId: otherMenu,
      name: 'Tea',
      price: 300,
      currency: 'EUR',
    });
    expect(wrongSection).toMatchObject({ status: 400, body: { errors: { sectionId: ['validation.unknownSection'] } } });
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

  it('sorts menus, sections and items atomically, moving an item to another section and menu; a wrong list is 409 and changes nothing', async () => {
    const breakfast = await insertMenu(db(), FIRM, 'Breakfast');
    const drinks = await insertMenu(db(), FIRM, 'Drinks');
    await send('PUT', `/api/dashboard/menu-sections/${drinks}`, { name: 'Hot' });
    const withCold = await send('POST', `/api/dashboard/menu-sections?firmId=${FIRM}`, { menuId: drinks, name: 'Cold' });
    const cold = withCold.body.menus.find((m: PublicMenu) => m.id === drinks).sections[1].id as string;
    const tea = await insertMenuItem(db(), FIRM, drinks);
    const eggs = await insertMenuItem(db(), FIRM, breakfast);
    await Promise.all([publish(breakfast), publish(drinks)]);
    const current = await ownerMenus();
    // reversed menus and sections; tea moves from Drinks → Hot to Drinks → Cold, eggs from Breakfast to Drinks → Hot
    const order = orderOf(current);
    const reversed = {
      menus: order.menus
        .map((menu) => ({
          id: menu.id,
          sections: menu.sections
            .map((section) => ({
              id: section.id,
              itemIds:
                section.id === cold
                  ? [tea, ...section.itemIds]
                  : section.id === drinks
                    ? [eggs]
                    : section.itemIds.filter((id) => id !== tea && id !== eggs).reverse(),
            }))
            .reverse(),
        }))
        .reverse(),
    };
    const sorted = await send('PUT', `/api/dashboard/sort-menu?firmId=${FIRM}`, reversed);
    expect(sorted.status).toBe(200);
    expect(orderOf(sorted.body.menus)).toEqual(reversed);
    const shownDrinks = (await publicMenus()).find((m) => m.id === drinks)!;
    expect(shownDrinks.sections.map((section) => [section.name, section.items.map((i) => i.id)])).toEqual([
      ['Cold', [tea]],
      ['Hot', [eggs]],
    ]);
    expect((await publicMenus()).find((m) => m.id === breakfast)).toMatchObject({ sections: [] });
    const moved = await db().selectFrom('menu_items').select(['menu_id', 'section_id']).where('id', '=', eggs).executeTakeFirstOrThrow();
    expect(moved).toEqual({ menu_id: drinks, section_id: drinks });

    const refusals = [
      { menus: reversed.menus.slice(1) },
      // an item twice
      {
        menus: reversed.menus.map((m, i) =>
          i === 0 ? { ...m, sections: m.sections.map((s) => ({ ...s, itemIds: [...s.itemIds, ...s.itemIds] })) } : m,
        ),
      },
      // a section left out
      { menus: reversed.menus.map((m) => ({ ...m, sections: m.sections.filter((s) => s.id !== cold) })) },
      // another firm's section and item slipped in
      {
        menus: reversed.menus.map((m, i) => (i === 0 ? { ...m, sections: [...m.sections, { id: 'elsewhere', itemIds: ['theirs'] }] } : m)),
      },
    ];
    const otherMenu = await insertMenu(db(), OTHER_FIRM);
    const otherItem = await insertMenuItem(db(), OTHER_FIRM, otherMenu);
    refusals.push({
      menus: reversed.menus.map((m, i) => (i === 0 ? { ...m, sections: [...m.sections, { id: otherMenu, itemIds: [otherItem] }] } : m)),
    });
    for (const body of refusals) {
      expect(await send('PUT', `/api/dashboard/sort-menu?firmId=${FIRM}`, body)).toMatchObject({
        status: 409,
        body: { code: 'menu_changed' },
      });
    }
    expect(orderOf(await ownerMenus())).toEqual(reversed);
    expect(
      (await db().selectFrom('menu_items').select('section_id').where('id', '=', otherItem).executeTakeFirstOrThrow()).section_id,
    ).toBe(otherMenu);
  });

  it('adds, renames and deletes sections; a section holding items is not deleted (409), nothing lost', async () => {
    const menuId = await insertMenu(db(), FIRM, 'Drinks');
    const added = await send('POST', `/api/dashboard/menu-sections?firmId=${FIRM}`, { menuId, name: '  Cold  ' });
    expect(added.status).toBe(201);
    const sections = added.body.menus.find((m: PublicMenu) => m.id === menuId).sections as { id: string; name: string | null }[];
    expect(sections.map((section) => section.name)).toEqual([null, 'Cold']);
    const cold = sections[1].id;
    expect(
      (await send('PUT', `/api/dashboard/menu-sections/${cold}`, { name: 'Iced' })).body.menus.find((m: PublicMenu) => m.id === menuId)
        .sections[1].name,
    ).toBe('Iced');
    // an item into the named section
    const item = await send('POST', `/api/dashboard/menu-items?firmId=${FIRM}`, {
      menuId,
      sectionId: cold,
      name: 'Iced tea',
      price: 400,
      currency: 'EUR',
    });
    expect(item).toMatchObject({ status: 201, body: { sectionId: cold, menuId } });
    const refused = await send('DELETE', `/api/dashboard/menu-sections/${cold}`);
    expect(refused).toMatchObject({ status: 409, body: { code: 'section_not_empty' } });
    expect((await send('GET', `/api/dashboard/menu-items/${item.body.id}`)).status).toBe(200);
    // bad input, other firms, staff
    expect((await send('POST', `/api/dashboard/menu-sections?firmId=${FIRM}`, { menuId, name: ' ' })).status).toBe(400);
    const foreignMenu = await insertMenu(db(), OTHER_FIRM);
    expect(await send('POST', `/api/dashboard/menu-sections?firmId=${FIRM}`, { menuId: foreignMenu, name: 'Mine' })).toMatchObject({
      status: 400,
      body: { errors: { menuId: ['validation.unknownMenu'] } },
    });
    expect((await send('PUT', `/api/dashboard/menu-sections/${cold}`, { name: 'Theirs' }, 'otherOwner')).status).toBe(404);
    expect((await send('DELETE', `/api/dashboard/menu-sections/${menuId}`, undefined, 'staff')).status).toBe(403);
    // moving the item out empties the section: now it goes
    await send('PUT', `/api/dashboard/menu-items/${item.body.id}`, {
      menuId,
      sectionId: menuId,
      name: 'Iced tea',
      price: 400,
      currency: 'EUR',
    });
    const removed = await send('DELETE', `/api/dashboard/menu-sections/${cold}`);
    expect(removed.status).toBe(200);
    expect(removed.body.menus.find((m: PublicMenu) => m.id === menuId).sections.map((s: { id: string }) => s.id)).toEqual([menuId]);
    // the last section deleted: a new item without a section gets a new unnamed one
    await send('DELETE', `/api/dashboard/menu-items/${item.body.id}`);
    expect((await send('DELETE', `/api/dashboard/menu-sections/${menuId}`)).status).toBe(200);
    const again = await send('POST', `/api/dashboard/menu-items?firmId=${FIRM}`, { menuId, name: 'Lemonade', price: 400, currency: 'EUR' });
    expect(again.status).toBe(201);
    expect((await ownerMenus()).find((m) => m.id === menuId)!.sections).toEqual([
      { id: again.body.sectionId, name: null, items: [expect.objectContaining({ name: 'Lemonade' })] },
    ]);
  });

  it('the 0077 up-migration puts every existing item into an unnamed section of its menu, nothing lost', async () => {
    // rows as they were before 0077: a menu without sections, items without a section
    await db()
      .insertInto('menus')
      .values({ id: 'legacy', short_id: 'legacy000001', firm_id: FIRM, name: 'Old menu', description: null, sort: 1 })
      .execute();
    for (const [n, name] of ['Tea', 'Cake', 'Soup'].entries()) {
      await sql`insert into menu_items (id, short_id, menu_id, firm_id, name, price_minor, currency, tags, available, sort)
        values (${`legacy-${n}`}, ${`legacyitem0${n}`}, 'legacy', ${FIRM}, ${name}, 300, 'EUR', '[]', 1, ${n})`.execute(db());
    }
    const before = await db().selectFrom('menu_items').select(['id', 'section_id']).orderBy('id').execute();
    const raw = db() as unknown as Kysely<unknown>;
    await fillSections(raw);
    await fillSections(raw); // a second run changes nothing
    // the columns 0077 fills (later migrations add others with their defaults)
    const sections = await db()
      .selectFrom('menu_sections')
      .select(['id', 'menu_id', 'firm_id', 'name', 'sort'])
      .where('menu_id', '=', 'legacy')
      .execute();
    expect(sections).toEqual([{ id: 'legacy', menu_id: 'legacy', firm_id: FIRM, name: null, sort: 1 }]);
    const after = await db().selectFrom('menu_items').select(['id', 'section_id']).orderBy('id').execute();
    expect(after.length).toBe(before.length);
    expect(after.filter((row) => row.id.startsWith('legacy-')).map((row) => row.section_id)).toEqual(['legacy', 'legacy', 'legacy']);
    // items that had a section keep it
    for (const row of before.filter((r) => r.section_id)) expect(after.find((r) => r.id === row.id)!.section_id).toBe(row.section_id);
    await publish('legacy');
    expect(itemsOf((await publicMenus()).find((m) => m.id === 'legacy')).map((i) => i.name)).toEqual(['Tea', 'Cake', 'Soup']);
  });

  it('50 parallel sort-menu saves leave one of the orders whole, every item exactly once', async () => {
    const drinks = await insertMenu(db(), FIRM, 'Drinks');
    await send('POST', `/api/dashboard/menu-sections?firmId=${FIRM}`, { menuId: drinks, name: 'Cold' });
    for (let i = 0; i < 4; i++) await insertMenuItem(db(), FIRM, drinks);
    const menus = await ownerMenus();
    const allItems = menus.flatMap((menu) => itemsOf(menu).map((item) => item.id));
    const allSections = menus.flatMap((menu) => menu.sections.map((section) => ({ menu: menu.id, id: section.id })));
    expect(allItems.length).toBeGreaterThan(3);
    expect(allSections.length).toBeGreaterThan(2);
    // 50 different orders: items rotated and dealt across all sections (so across menus), menus and sections reversed every other time
    const orders = Array.from({ length: 50 }, (_, n) => {
      const rotated = [...allItems.slice(n % allItems.length), ...allItems.slice(0, n % allItems.length)];
      const flip = <T>(list: T[]) => (n % 2 === 0 ? list : [...list].reverse());
      return {
        menus: flip(menus).map((menu) => ({
          id: menu.id,
          sections: flip(menu.sections).map((section) => {
            const slot = allSections.findIndex((s) => s.id === section.id);
            return { id: section.id, itemIds: rotated.filter((_, k) => k % allSections.length === slot) };
          }),
        })),
      };
    });
    const answers = await Promise.all(
      orders.map((order, n) => send('PUT', `/api/dashboard/sort-menu?firmId=${FIRM}`, order, n % 2 ? 'manager' : 'owner')),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const rows = await db().selectFrom('menu_items').select(['id', 'menu_id', 'section_id', 'sort']).where('firm_id', '=', FIRM).execute();
    const sectionRows = await db()
      .selectFrom('menu_sections')
      .select(['id', 'menu_id', 'sort'])
      .where('firm_id', '=', FIRM)
      .orderBy('sort')
      .execute();
    const menuRows = await db().selectFrom('menus').select(['id', 'sort']).where('firm_id', '=', FIRM).orderBy('sort').execute();
    const final = {
      menus: menuRows.map((menu) => ({
        id: menu.id,
        sections: sectionRows
          .filter((section) => section.menu_id === menu.id)
          .map((section) => ({
            id: section.id,
            itemIds: rows
              .filter((row) => row.section_id === section.id)
              .sort((a, b) => a.sort - b.sort)
              .map((row) => row.id),
          })),
      })),
    };
    // the database holds exactly one of the 50 orders, not a mix of two
    expect(orders.some((order) => JSON.stringify(order) === JSON.stringify(final))).toBe(true);
    expect(rows.length).toBe(allItems.length);
    // every item's menu is its section's menu; no two items share a place in a section
    for (const row of rows) expect(sectionRows.find((section) => section.id === row.section_id)?.menu_id).toBe(row.menu_id);
    for (const section of sectionRows) {
      const sorts = rows.filter((row) => row.section_id === section.id).map((row) => row.sort);
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
