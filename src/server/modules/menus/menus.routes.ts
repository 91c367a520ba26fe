import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { menuItemDetailSchema, menusSchema } from '../../../shared/menus';
import { notFound } from '../../lib/errors';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { clientAddress } from '../../lib/client-address';
import { viewerOf } from '../../lib/auth-context';
import { createRoute, createRouter, json, media, problems } from '../../lib/openapi';
import { channels, eventStream } from '../../lib/realtime';
import { createStreamLimits, defaultStreamCeiling } from '../../lib/stream-limits';
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
const live = createRoute({
  method: 'get',
  path: '/live',
  tags,
  summary: "Server-sent events for an open page of a firm's menu",
  description:
    'Events: `menu` `{itemId, available}` when the kitchen or the owner takes a dish off or puts it back. Anyone may listen, ' +
    'signed in or not. The stream ends after ten minutes and EventSource reconnects by itself. From one address a new stream ' +
    'ends its oldest; a full server answers 503 with Retry-After.',
  request: { query: z.object({ firmId: z.string().min(1).max(64) }) },
  responses: { 200: media('text/event-stream', 'The event stream.', 'text'), ...problems(400, 503) },
});

/**
 * `/api/public/menu?firmId` (menus with items), `/api/public/menu/items/{id}`, and
 * `/api/public/menu/live?firmId` (a dish taken off or put back, as it happens).
 */
export function menuRoutes(deps: AppDeps) {
  const menus = createMenuService(deps.db);
  // Guests carry no account: each address is one "account" whose newest streams win (a café's
  // guests share its address). A quarter of the ceiling, so menus never take the team's streams.
  const perAddress = deps.env.LIVE_STREAMS_PER_ADDRESS;
  const limits = createStreamLimits({
    perAccount: perAddress,
    perAddress,
    total: Math.max(1, Math.floor((deps.env.LIVE_STREAMS_MAX ?? defaultStreamCeiling()) / 4)),
  });
  return createRouter()
    .openapi(menusOfFirm, async (c) => {
      const { firmId } = c.req.valid('query');
      return c.json(firmId ? await menus.menusOf(firmId, await viewerOf(c)) : [], 200, PUBLIC_CACHE);
    })
    .openapi(item, async (c) => {
      const found = await menus.item(c.req.valid('param').id, await viewerOf(c));
      if (!found) throw notFound('Menu item not found.');
      return c.json(found, 200, PUBLIC_CACHE);
    })
    .openapi(live, (c) => {
      const address = clientAddress(c);
      const closing = new AbortController();
      const release = limits.open(address, address, () => closing.abort());
      const names = [channels.menu(c.req.valid('query').firmId)];
      return eventStream(c, deps.realtime, names, { signal: closing.signal, onEnd: release }) as never;
    });
}
