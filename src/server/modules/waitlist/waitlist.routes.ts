import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  firmWaitlistSchema,
  joinWaitlistSchema,
  myWaitlistEntrySchema,
  myWaitlistSchema,
  waitlistSettingsSchema,
} from '../../../shared/waitlist';
import { requireUser, userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, idParam, json, problems, SIGNED_IN } from '../../lib/openapi';
import { entityFirm, requireEmployment } from '../../lib/permissions';
import { createWaitlistService } from './waitlist.service';

const security = SIGNED_IN;
const memberTags = ['Waitlists'];
const firmTags = ['Workspace: events'];
const tierParam = z.object({ categoryId: z.string().min(1).max(64) });
const eventParam = z.object({ eventId: z.string().min(1).max(64) });

const mine = createRoute({
  method: 'get',
  path: '/events/{eventId}',
  tags: memberTags,
  security,
  summary: "My places on the event's waitlists: waiting (with my position) or holding an offer until a time",
  request: { params: eventParam },
  responses: { 200: json(myWaitlistSchema, 'My entries.', 'MyWaitlist'), ...problems(401) },
});
const join = createRoute({
  method: 'post',
  path: '/tiers/{categoryId}',
  tags: memberTags,
  security,
  summary: 'Joins the waitlist of a sold-out tier for a number of tickets',
  description:
    '409 `places_left` while the tier has that many places (buy them), `already_waiting` when I am on it; the sale’s ' +
    'own refusals (`event_closed`, `tier_not_on_sale`, `tier_limit`) as at checkout.',
  request: { params: tierParam, body: { required: true, content: { 'application/json': { schema: joinWaitlistSchema } } } },
  responses: { 201: json(myWaitlistEntrySchema, 'My place in line.', 'MyWaitlistEntry'), ...problems(400, 401, 404, 409, 422) },
});
const leave = createRoute({
  method: 'delete',
  path: '/tiers/{categoryId}',
  tags: memberTags,
  security,
  summary: 'Leaves the waitlist of a tier (idempotent); an offer I hold passes to the next in line',
  request: { params: tierParam },
  responses: { 204: { description: 'Not on it any more.' }, ...problems(401) },
});

/** `/api/user/waitlist`: a signed-in member's own places on waitlists. */
export function waitlistRoutes(deps: AppDeps) {
  const waitlist = createWaitlistService(deps);
  const router = createRouter();
  router.use(requireUser);
  return router
    .openapi(mine, async (c) => {
      const user = await userOf(c);
      return c.json(await waitlist.mine(user.id, c.req.valid('param').eventId), 200, PRIVATE_NO_STORE);
    })
    .openapi(join, async (c) => {
      const user = await userOf(c);
      return c.json(await waitlist.join(user.id, c.req.valid('param').categoryId, c.req.valid('json').quantity), 201, PRIVATE_NO_STORE);
    })
    .openapi(leave, async (c) => {
      const user = await userOf(c);
      await waitlist.leave(user.id, c.req.valid('param').categoryId);
      return c.body(null, 204);
    });
}

const eventFirm = entityFirm('events', 'id');
const firmView = createRoute({
  method: 'get',
  path: '/{id}',
  tags: firmTags,
  security,
  middleware: [requireEmployment('firm.view', eventFirm)],
  summary: "The event's waitlists: per tier, how many wait and hold an offer; how long an offer stands",
  request: { params: idParam },
  responses: { 200: json(firmWaitlistSchema, 'The waitlists.', 'FirmWaitlist'), ...problems(401, 403, 404) },
});
const settings = createRoute({
  method: 'put',
  path: '/{id}',
  tags: firmTags,
  security,
  middleware: [requireEmployment('content.edit', eventFirm)],
  summary: 'Sets how long the event’s next waitlist offers hold their seats, in minutes',
  request: { params: idParam, body: { required: true, content: { 'application/json': { schema: waitlistSettingsSchema } } } },
  responses: { 200: json(firmWaitlistSchema, 'The waitlists.', 'FirmWaitlist'), ...problems(400, 401, 403, 404) },
});

/** `/api/dashboard/waitlists`: an event's waitlists as its team sees them. */
export function firmWaitlistRoutes(deps: AppDeps) {
  const waitlist = createWaitlistService(deps);
  return createRouter()
    .openapi(firmView, async (c) => c.json(await waitlist.forFirm(c.req.valid('param').id), 200, PRIVATE_NO_STORE))
    .openapi(settings, async (c) =>
      c.json(await waitlist.setOfferMinutes(c.req.valid('param').id, c.req.valid('json').offerMinutes), 200, PRIVATE_NO_STORE),
    );
}
