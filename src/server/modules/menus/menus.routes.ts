import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { createMenuService } from './menus.service';

/** `/api/public/menu?firmId` (menus with items) and `/api/public/menu/items/{id}`. */
export function menuRoutes({ db }: AppDeps) {
  const menus = createMenuService(db);
  return new Hono<AppEnv>()
    .get('/', validate('query', z.object({ firmId: z.string().min(1).max(64).optional() })), async (c) => {
      const { firmId } = c.req.valid('query');
      return c.json(firmId ? await menus.menusOf(firmId) : [], 200, PUBLIC_CACHE);
    })
    .get('/items/:id', async (c) => {
      const item = await menus.item(c.req.param('id'));
      if (!item) throw notFound('Menu item not found.');
      return c.json(item, 200, PUBLIC_CACHE);
    });
}
