import { entityScoped, firmScoped, MANAGERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { imageForm, insertMenu, insertMenuItem, usePremium } from '../../testing/catalogue-fixtures';
import { FIRM, type Workspace } from '../../testing/workspace-fixtures';

/**
 * Who may read and change the firm's menus (src/server/api/authorization-matrix.test.ts): the
 * whole team reads them (`catalogue.view`); owners and managers (`catalogue.edit`) create, edit,
 * sort and delete. Each changing cell acts on rows of its own.
 */
const item = (menuId: string) => ({ menuId, name: 'Shakshuka', price: 950, currency: 'EUR', tags: ['vegetarian'] });

/** The firm's whole current order, as sort-menu wants it. */
async function currentOrder(w: Workspace) {
  const db = w.ctx.deps.db;
  const menus = await db.selectFrom('menus').select('id').where('firm_id', '=', FIRM).orderBy('sort').orderBy('id').execute();
  const sections = await db.selectFrom('menu_sections').select(['id', 'menu_id']).where('firm_id', '=', FIRM).orderBy('sort').execute();
  const items = await db.selectFrom('menu_items').select(['id', 'section_id']).where('firm_id', '=', FIRM).orderBy('sort').execute();
  return {
    menus: menus.reverse().map((menu) => ({
      id: menu.id,
      sections: sections
        .filter((s) => s.menu_id === menu.id)
        .map((s) => ({ id: s.id, itemIds: items.filter((i) => i.section_id === s.id).map((i) => i.id) })),
    })),
  };
}

export const rows: AuthzRows = {
  'GET /api/dashboard/menus': {
    request: () => ({ path: `/api/dashboard/menus?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'POST /api/dashboard/menus': {
    request: async (w) => {
      await usePremium(w.ctx.deps.db, FIRM);
      return { path: `/api/dashboard/menus?firmId=${FIRM}`, body: { name: 'Drinks' } };
    },
    expect: firmScoped(MANAGERS, 201),
  },
  'POST /api/dashboard/menus/images': {
    request: async () => ({ path: `/api/dashboard/menus/images?firmId=${FIRM}`, body: await imageForm() }),
    expect: firmScoped(MANAGERS, 201),
  },
  'PUT /api/dashboard/menus/{id}': {
    request: async (w) => ({ path: `/api/dashboard/menus/${await insertMenu(w.ctx.deps.db, FIRM)}`, body: { name: 'Lunch' } }),
    expect: entityScoped(MANAGERS),
  },
  'PATCH /api/dashboard/menus/{id}/published': {
    request: async (w) => ({ path: `/api/dashboard/menus/${await insertMenu(w.ctx.deps.db, FIRM)}/published`, body: { published: false } }),
    expect: entityScoped(MANAGERS),
  },
  'DELETE /api/dashboard/menus/{id}': {
    request: async (w) => ({ path: `/api/dashboard/menus/${await insertMenu(w.ctx.deps.db, FIRM)}` }),
    expect: entityScoped(MANAGERS, 204),
  },
  'POST /api/dashboard/menu-sections': {
    request: async (w) => ({
      path: `/api/dashboard/menu-sections?firmId=${FIRM}`,
      body: { menuId: await insertMenu(w.ctx.deps.db, FIRM), name: 'Cold' },
    }),
    expect: firmScoped(MANAGERS, 201),
  },
  'PUT /api/dashboard/menu-sections/{id}': {
    // a fixture menu's unnamed section has the menu's id
    request: async (w) => ({ path: `/api/dashboard/menu-sections/${await insertMenu(w.ctx.deps.db, FIRM)}`, body: { name: 'Hot' } }),
    expect: entityScoped(MANAGERS),
  },
  'DELETE /api/dashboard/menu-sections/{id}': {
    request: async (w) => ({ path: `/api/dashboard/menu-sections/${await insertMenu(w.ctx.deps.db, FIRM)}` }),
    expect: entityScoped(MANAGERS),
  },
  'GET /api/dashboard/menu-items/{id}': {
    request: async (w) => ({ path: `/api/dashboard/menu-items/${await insertMenuItem(w.ctx.deps.db, FIRM)}` }),
    expect: entityScoped(TEAM),
  },
  'POST /api/dashboard/menu-items': {
    request: async (w) => {
      await usePremium(w.ctx.deps.db, FIRM);
      return { path: `/api/dashboard/menu-items?firmId=${FIRM}`, body: item(await insertMenu(w.ctx.deps.db, FIRM)) };
    },
    expect: firmScoped(MANAGERS, 201),
  },
  'PUT /api/dashboard/menu-items/{id}': {
    request: async (w) => {
      const menuId = await insertMenu(w.ctx.deps.db, FIRM);
      return { path: `/api/dashboard/menu-items/${await insertMenuItem(w.ctx.deps.db, FIRM, menuId)}`, body: item(menuId) };
    },
    expect: entityScoped(MANAGERS),
  },
  'PATCH /api/dashboard/menu-items/{id}/availability': {
    request: async (w) => ({
      path: `/api/dashboard/menu-items/${await insertMenuItem(w.ctx.deps.db, FIRM)}/availability`,
      body: { available: false },
    }),
    expect: entityScoped(MANAGERS),
  },
  'DELETE /api/dashboard/menu-items/{id}': {
    request: async (w) => ({ path: `/api/dashboard/menu-items/${await insertMenuItem(w.ctx.deps.db, FIRM)}` }),
    expect: entityScoped(MANAGERS, 204),
  },
  'PUT /api/dashboard/sort-menu': {
    request: async (w) => ({ path: `/api/dashboard/sort-menu?firmId=${FIRM}`, body: await currentOrder(w) }),
    expect: firmScoped(MANAGERS),
  },
};
