import type { AppDeps } from '../../app-deps';
import { exploreEventsSchema, exploreIndustrySchema, industriesSchema, type IndustryKey } from '../../../shared/explore';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems } from '../../lib/openapi';
import { createExploreService } from './explore.service';

const tags = ['Explore'];

const industries = createRoute({
  method: 'get',
  path: '/industries',
  tags,
  summary: 'Industries with their categories (event types for events)',
  responses: { 200: json(industriesSchema, 'Every industry.', 'Industries'), ...problems() },
});
const events = createRoute({
  method: 'get',
  path: '/events',
  tags,
  summary: 'Event types with their number of upcoming listed events',
  responses: { 200: json(exploreEventsSchema, 'The event types.', 'ExploreEvents'), ...problems() },
});
const industry = (key: IndustryKey, name: string) =>
  createRoute({
    method: 'get',
    path: `/${key}`,
    tags,
    summary: `${name}: its categories with their number of firms`,
    responses: { 200: json(exploreIndustrySchema, 'The industry.', 'ExploreIndustry'), ...problems() },
  });

/** `/api/user/explore/*`: the explore area's lookups, public reads cached after the first load. */
export function exploreRoutes({ db, clock }: AppDeps) {
  const explore = createExploreService(db, clock);
  const router = createRouter()
    .openapi(industries, async (c) => c.json(await explore.listIndustries(), 200, PUBLIC_CACHE))
    .openapi(events, async (c) => c.json(await explore.exploreEvents(), 200, PUBLIC_CACHE));
  for (const [key, name] of [
    ['foodandbeverage', 'Food & beverage'],
    ['shoppingandretail', 'Shopping & retail'],
    ['services', 'Services'],
  ] as const) {
    router.openapi(industry(key, name), async (c) => c.json(await explore.exploreIndustry(key), 200, PUBLIC_CACHE));
  }
  return router;
}
