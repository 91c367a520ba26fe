import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { createFeaturedService } from './featured.service';

/** `GET /api/user/explore/featured-showrooms`: the curated items of the explore page, in order. */
export function featuredRoutes({ db }: AppDeps) {
  const featured = createFeaturedService(db);
  return new Hono<AppEnv>().get('/', async (c) => c.json(await featured.list(), 200, PUBLIC_CACHE));
}
