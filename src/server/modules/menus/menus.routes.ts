import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { menuItemDetailSchema, menusSchema } from '../../../shared/menus';
import { notFound } from '../../lib/errors';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems } from '../../lib/openapi';
import { createMenuService } from './menus.service';

const tags = ['Menus'];

const menusOfFirm = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "A firm's menus with their items",
  request: { query: z.object({ firmId: z.string().min(1).max(64).optional() }) },
  responses: { 200: json(menusSchema, 'The menus (none without `firmId`).', 'Menus'), ...problems(400) },
});
const item = createRoute({
  method: 'get',
  path: '/items/{id}',
  tags,
  summary: 'A menu item with its firm and menu',
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: json(menuItemDetailSchema, 'The item.', 'MenuItemDetail'), ...problems(404) },
});

/** `/api/public/menu?firmId` (menus with items) and `/api/public/menu/items/{id}`. */
export function menuRoutes({ db }: AppDeps) {
  const menus = createMenuService(db);
  return createRouter()
    .openapi(menusOfFirm, async (c) => {
      const { firmId } = c.req.valid('query');
      return c.json(firmId ? await menus.menusOf(firmId) : [], 200, PUBLIC_CACHE);
    })
    .openapi(item, async (c) => {
      const found = await menus.item(c.req.valid('param').id);
      if (!found) throw notFound('Menu item not found.');
      return c.json(found, 200, PUBLIC_CACHE);
    });
}
