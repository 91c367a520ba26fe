import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import { createExploreService } from './explore.service';
import { createFeaturedService } from '../featured/featured.service';
import { PUBLIC_CACHE } from './media-columns';

/** `/api/user/explore/*`: the explore area's lookups, public reads cached after the first load. */
export function exploreRoutes({ db, clock }: AppDeps) {
  const explore = createExploreService(db, clock);
  const featured = createFeaturedService(db);
  return new Hono()
    .get('/industries', async (c) => c.json(await explore.listIndustries(), 200, PUBLIC_CACHE))
    .get('/events', async (c) => c.json(await explore.exploreEvents(), 200, PUBLIC_CACHE))
    .get('/foodandbeverage', async (c) => c.json(await explore.exploreIndustry('foodandbeverage'), 200, PUBLIC_CACHE))
    .get('/shoppingandretail', async (c) => c.json(await explore.exploreIndustry('shoppingandretail'), 200, PUBLIC_CACHE))
    .get('/services', async (c) => c.json(await explore.exploreIndustry('services'), 200, PUBLIC_CACHE))
    .get('/featured-showrooms', async (c) => c.json(await featured.list(), 200, PUBLIC_CACHE));
}
