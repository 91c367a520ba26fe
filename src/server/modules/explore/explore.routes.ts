import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { createExploreService } from './explore.service';

/** `/api/user/explore/*`: the explore area's lookups, public reads cached after the first load. */
export function exploreRoutes({ db, clock }: AppDeps) {
  const explore = createExploreService(db, clock);
  return new Hono<AppEnv>()
    .get('/industries', async (c) => c.json(await explore.listIndustries(), 200, PUBLIC_CACHE))
    .get('/events', async (c) => c.json(await explore.exploreEvents(), 200, PUBLIC_CACHE))
    .get('/foodandbeverage', async (c) => c.json(await explore.exploreIndustry('foodandbeverage'), 200, PUBLIC_CACHE))
    .get('/shoppingandretail', async (c) => c.json(await explore.exploreIndustry('shoppingandretail'), 200, PUBLIC_CACHE))
    .get('/services', async (c) => c.json(await explore.exploreIndustry('services'), 200, PUBLIC_CACHE));
}
