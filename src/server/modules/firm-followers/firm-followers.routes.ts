import type { AppDeps } from '../../app-deps';
import { firmFollowerPageSchema, firmFollowerQuerySchema } from '../../../shared/firm-followers';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { requireEmployment } from '../../lib/permissions';
import { createFirmFollowerService } from './firm-followers.service';

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['Workspace: followers'],
  security: SIGNED_IN,
  middleware: [requireEmployment('audience.view')],
  summary: "The firm's followers, the latest first: the name and flip each shows on Souk, and since when (`q` searches both)",
  description: 'Never an email address or any other private detail.',
  request: { query: firmFollowerQuerySchema },
  responses: { 200: json(firmFollowerPageSchema, 'A page of followers.', 'FirmFollowerPage'), ...problems(400, 401, 403) },
});

/** `/api/dashboard/followers`: who follows the firm. */
export function firmFollowerRoutes({ db }: AppDeps) {
  const followers = createFirmFollowerService(db);
  return createRouter().openapi(list, async (c) => {
    const { firmId, page, size, q } = c.req.valid('query');
    return c.json(await followers.list(firmId, page, size, q), 200, PRIVATE_NO_STORE);
  });
}
