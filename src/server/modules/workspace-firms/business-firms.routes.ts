import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { createFirmSchema, dashFirmSchema, usernameAvailabilitySchema } from '../../../shared/workspace';
import { requestLanguage } from '../../../shared/request-language';
import { userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { requireAccount } from '../../lib/permissions';
import { createWorkspaceFirmService } from './workspace-firms.service';

const tags = ['Workspace: firm'];
const security = SIGNED_IN;

const availability = createRoute({
  method: 'get',
  path: '/username-availability',
  tags,
  security,
  middleware: [requireAccount],
  summary: 'Whether a username can be a new firm’s: free, taken, reserved (a route word) or invalid; case-insensitive',
  request: { query: z.object({ username: z.string().max(100) }) },
  responses: { 200: json(usernameAvailabilitySchema, 'The verdict.', 'UsernameAvailability'), ...problems(400, 401) },
});

/** `/api/business/firms`: creating a firm (flag CREATE_FIRM) and the live username check of its form. */
export function businessFirmRoutes({ db, clock, env, features }: AppDeps) {
  const firms = createWorkspaceFirmService(db, clock, env.publicUrl);
  const { requireFeature } = features;
  const create = createRoute({
    method: 'post',
    path: '/',
    tags,
    security,
    middleware: [requireAccount, requireFeature('CREATE_FIRM')],
    summary: 'Creates a firm: its page is public at once, on the free plan, and its creator is its owner',
    request: { body: { required: true, content: { 'application/json': { schema: createFirmSchema } } } },
    responses: {
      201: json(dashFirmSchema, 'The new firm as its owner sees it.', 'DashFirm'),
      ...problems(400, 401, 409, 503),
    },
  });
  return createRouter()
    .openapi(availability, async (c) => c.json(await firms.usernameAvailability(c.req.valid('query').username), 200, PRIVATE_NO_STORE))
    .openapi(create, async (c) => {
      const user = await userOf(c);
      return c.json(await firms.create(user.id, c.req.valid('json'), requestLanguage(c.req.raw)), 201, PRIVATE_NO_STORE);
    });
}
