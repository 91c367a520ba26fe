import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  firmWaitlistSchema,
  joinProductWaitlistSchema,
  joinWaitlistSchema,
  myProductWaitlistEntrySchema,
  myProductWaitlistSchema,
  myWaitlistEntrySchema,
  myWaitlistSchema,
  productWaitlistQuerySchema,
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
const shopTags = ['Workspace: shop and inventory'];
const tierParam = z.object({ categoryId: z.string().min(1).max(64) });
const eventParam = z.object({ eventId: z.string().min(1).max(64) });
const productParam = z.object({ productId: z.string().min(1).max(64) });

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

const mineOfProduct = createRoute({
  method: 'get',
  path: '/products/{productId}',
  tags: memberTags,
  security,
  summary: "My places on the product's waitlists (its own, or its variants'): waiting, or holding an offer until a time",
  request: { params: productParam },
  responses: { 200: json(myProductWaitlistSchema, 'My entries.', 'MyProductWaitlist'), ...problems(401) },
});
const joinProduct = createRoute({
  method: 'post',
  path: '/products/{productId}',
  tags: memberTags,
  security,
  summary: 'Joins the waitlist of a sold-out product (or of one of its variants) for a number of units',
  description:
    '409 `places_left` while that many are in stock (buy them), `already_waiting` when I am on it; 422 `item_unavailable` ' +
    'when its stock is not counted; 400 when a product sold by variants is joined without one.',
  request: {
    params: productParam,
    body: { required: true, content: { 'application/json': { schema: joinProductWaitlistSchema } } },
  },
  responses: {
    201: json(myProductWaitlistEntrySchema, 'My place in line.', 'MyProductWaitlistEntry'),
    ...problems(400, 401, 404, 409, 422),
  },
});
const leaveProduct = createRoute({
  method: 'delete',
  path: '/products/{productId}',
  tags: memberTags,
  security,
  summary: 'Leaves the waitlist of a product, or of its variant `variantId` (idempotent); an offer I hold passes to the next in line',
  request: { params: productParam, query: productWaitlistQuerySchema },
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
    })
    .openapi(mineOfProduct, async (c) => {
      const user = await userOf(c);
      return c.json(await waitlist.mineOfProduct(user.id, c.req.valid('param').productId), 200, PRIVATE_NO_STORE);
    })
    .openapi(joinProduct, async (c) => {
      const user = await userOf(c);
      const { quantity, variantId } = c.req.valid('json');
      const entry = await waitlist.joinProduct(user.id, c.req.valid('param').productId, variantId ?? null, quantity);
      return c.json(entry, 201, PRIVATE_NO_STORE);
    })
    .openapi(leaveProduct, async (c) => {
      const user = await userOf(c);
      // a product's own line is keyed by the product, a variant's by the variant
      await waitlist.leave(user.id, c.req.valid('query').variantId ?? c.req.valid('param').productId);
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

const productFirm = entityFirm('products', 'id');
const productView = createRoute({
  method: 'get',
  path: '/products/{id}',
  tags: shopTags,
  security,
  middleware: [requireEmployment('catalogue.view', productFirm)],
  summary: "The product's waitlists: per variant (or the product itself), how many wait and hold an offer; how long an offer stands",
  request: { params: idParam },
  responses: { 200: json(firmWaitlistSchema, 'The waitlists.', 'FirmWaitlist'), ...problems(401, 403, 404) },
});
const productSettings = createRoute({
  method: 'put',
  path: '/products/{id}',
  tags: shopTags,
  security,
  middleware: [requireEmployment('catalogue.edit', productFirm)],
  summary: 'Sets how long the product’s next waitlist offers hold their units, in minutes',
  request: { params: idParam, body: { required: true, content: { 'application/json': { schema: waitlistSettingsSchema } } } },
  responses: { 200: json(firmWaitlistSchema, 'The waitlists.', 'FirmWaitlist'), ...problems(400, 401, 403, 404) },
});

/** `/api/dashboard/waitlists`: an event's or a product's waitlists as its team sees them. */
export function firmWaitlistRoutes(deps: AppDeps) {
  const waitlist = createWaitlistService(deps);
  return createRouter()
    .openapi(productView, async (c) => c.json(await waitlist.forProduct(c.req.valid('param').id), 200, PRIVATE_NO_STORE))
    .openapi(productSettings, async (c) =>
      c.json(await waitlist.setProductOfferMinutes(c.req.valid('param').id, c.req.valid('json').offerMinutes), 200, PRIVATE_NO_STORE),
    )
    .openapi(firmView, async (c) => c.json(await waitlist.forFirm(c.req.valid('param').id), 200, PRIVATE_NO_STORE))
    .openapi(settings, async (c) =>
      c.json(await waitlist.setOfferMinutes(c.req.valid('param').id, c.req.valid('json').offerMinutes), 200, PRIVATE_NO_STORE),
    );
}
