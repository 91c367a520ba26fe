import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { firmPageSchema, followStateSchema } from '../../../shared/firms';
import { marketingConsentSchema } from '../../../shared/customers';
import { currentUser, requireUser, userOf } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { paged } from '../../lib/paging';
import { createFirmService } from '../firms/firms.service';
import { offerToNewFollowers } from '../promotions/follower-offers';
import { createFollowService } from './follows.service';

const tags = ['Follows'];
const firmParam = z.object({ firmId: z.string() });

const state = createRoute({
  method: 'get',
  path: '/{firmId}',
  tags,
  summary: "A firm's follower count, and whether the caller follows it",
  request: { params: firmParam },
  responses: { 200: json(followStateSchema, 'The follow state.', 'FollowState'), ...problems() },
});
const follow = createRoute({
  method: 'put',
  path: '/{firmId}',
  tags,
  security: SIGNED_IN,
  middleware: [requireUser],
  summary: 'Follows a firm, or asks to when it approves its followers (idempotent; 403 `follow_restricted` when it restricted the caller)',
  request: { params: firmParam },
  responses: { 200: json(followStateSchema, 'The follow state.', 'FollowState'), ...problems(401, 403, 404) },
});
const unfollow = createRoute({
  method: 'delete',
  path: '/{firmId}',
  tags,
  security: SIGNED_IN,
  middleware: [requireUser],
  summary: 'Unfollows a firm, or withdraws the request to follow it (idempotent)',
  request: { params: firmParam },
  responses: { 200: json(followStateSchema, 'The follow state.', 'FollowState'), ...problems(401) },
});
const marketing = createRoute({
  method: 'put',
  path: '/{firmId}/marketing',
  tags,
  security: SIGNED_IN,
  middleware: [requireUser],
  summary: "A follower gives (`optIn: true`) or takes back their consent to the firm's marketing mail (404 when not following)",
  request: { params: firmParam, body: jsonBody(marketingConsentSchema) },
  responses: { 200: json(followStateSchema, 'The follow state.', 'FollowState'), ...problems(400, 401, 404) },
});
const following = createRoute({
  method: 'get',
  path: '/following',
  tags,
  security: SIGNED_IN,
  middleware: [requireUser],
  summary: 'The firms the user follows, newest first',
  request: {
    query: z.object({
      page: z.coerce.number().int().min(0).default(0),
      size: z.coerce
        .number()
        .int()
        .min(1)
        .default(50)
        .transform((s) => Math.min(s, 50)),
    }),
  },
  responses: { 200: json(firmPageSchema, 'A page of firm cards.', 'FirmPage'), ...problems(400, 401) },
});

/**
 * `/api/user/follows/{firmId}`: follow state (anyone), follow (PUT) and unfollow (DELETE). A firm's
 * follower count is in its public page: the write empties the public cache (`clearOnWrite`).
 */
export function followRoutes(deps: AppDeps) {
  const follows = createFollowService(deps.db, deps.clock);
  return createRouter()
    .openapi(state, async (c) => {
      const user = await currentUser(c);
      return c.json(await follows.state(c.req.valid('param').firmId, user?.id), 200, PRIVATE_NO_STORE);
    })
    .openapi(follow, async (c) => {
      const user = await userOf(c);
      const { firmId } = c.req.valid('param');
      const followed = await follows.follow(user.id, firmId);
      if (!followed) throw notFound('Firm not found.');
      // a follower now (not a request): the firm's running offers for followers reach them too
      if (followed.following) await offerToNewFollowers(deps, firmId);
      return c.json(followed, 200, PRIVATE_NO_STORE);
    })
    .openapi(unfollow, async (c) => {
      const user = await userOf(c);
      return c.json(await follows.unfollow(user.id, c.req.valid('param').firmId), 200, PRIVATE_NO_STORE);
    })
    .openapi(marketing, async (c) => {
      const user = await userOf(c);
      const consented = await follows.setMarketingOptIn(user.id, c.req.valid('param').firmId, c.req.valid('json').optIn);
      if (!consented) throw notFound('You do not follow this firm.');
      return c.json(consented, 200, PRIVATE_NO_STORE);
    });
}

/** `/api/user/profile/following?page&size`: the firms the signed-in user follows, newest first. */
export function followingRoutes({ db, dialect, clock, env }: AppDeps) {
  const firms = createFirmService(db, dialect, clock, env.publicUrl);
  const follows = createFollowService(db, clock);
  return createRouter().openapi(following, async (c) => {
    const user = await userOf(c);
    const { page, size } = c.req.valid('query');
    const { firmIds, total } = await follows.followedFirms(user.id, page, size);
    const cards = await firms.cardsByIds(firmIds);
    return c.json(paged(cards, page, size, total), 200, PRIVATE_NO_STORE);
  });
}
