import type { AppDeps } from '../../app-deps';
import { featuredItemsSchema } from '../../../shared/featured';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems } from '../../lib/openapi';
import { createFeaturedService } from './featured.service';

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['Explore'],
  summary: 'The curated items of the explore page, in order',
  responses: { 200: json(featuredItemsSchema, 'Firms, events and posts that still exist.', 'FeaturedItems'), ...problems() },
});

/** `GET /api/user/explore/featured-showrooms`: the curated items of the explore page, in order. */
export function featuredRoutes({ db }: AppDeps) {
  const featured = createFeaturedService(db);
  return createRouter().openapi(list, async (c) => c.json(await featured.list(), 200, PUBLIC_CACHE));
}
