import type { AppDeps } from '../../app-deps';
import { updateListSchema } from '../../../shared/updates';
import { requireUser, userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { createUpdatesService } from './updates.service';

const feed = createRoute({
  tags: ['Updates'],
  security: SIGNED_IN,
  middleware: [requireUser],
  method: 'get',
  path: '/',
  summary: "The activity feed: followed firms' new events and posts, friends' public activity (newest first, 60 days)",
  responses: { 200: json(updateListSchema, 'The updates.', 'UpdateList'), ...problems(401) },
});

/** `/api/user/updates`: the feed of /profile/updates. */
export function updatesRoutes(deps: AppDeps) {
  const service = createUpdatesService(deps);
  return createRouter().openapi(feed, async (c) => c.json(await service((await userOf(c)).id), 200, PRIVATE_NO_STORE));
}
