import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { firmReviewsQuerySchema, firmReviewsSchema, reviewInputSchema, reviewReplySchema, reviewSchema } from '../../../shared/reviews';
import { currentUser, requireUser, userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireEmployment } from '../../lib/permissions';
import { createRateLimiter, tooManyRequests } from '../../lib/rate-limit';
import { notify } from '../notifications/notify';
import { createReviewService } from './reviews.service';

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['Reviews'],
  summary: "A firm's reviews (the latest first), its average and count; signed in, also mine and whether I may review",
  request: { query: firmReviewsQuerySchema },
  responses: { 200: json(firmReviewsSchema, 'The reviews.', 'FirmReviews'), ...problems(400, 404) },
});
const write = createRoute({
  method: 'put',
  path: '/',
  tags: ['Reviews'],
  security: SIGNED_IN,
  middleware: [requireUser],
  summary: 'Rates a firm 1–5 with optional text, or edits my review of it (one per firm)',
  description:
    'Only for a customer with a paid order or a ticket of this firm (403 `no_relation`); never for its own team (403 `own_firm`).',
  request: {
    query: z.object({ firmId: z.string().min(1).max(64) }),
    body: { required: true, content: { 'application/json': { schema: reviewInputSchema } } },
  },
  responses: {
    200: json(reviewSchema, 'My review, edited.', 'Review'),
    201: json(reviewSchema, 'My review, new.', 'Review'),
    ...problems(400, 401, 403, 404, 429),
  },
});
const reply = createRoute({
  method: 'put',
  path: '/{id}/reply',
  tags: ['Workspace: reviews'],
  security: SIGNED_IN,
  middleware: [requireEmployment('content.edit', entityFirm('reviews', 'id'))],
  summary: "The firm's one public reply to a review (409 when it has one)",
  request: {
    params: z.object({ id: z.string().min(1).max(64) }),
    body: { required: true, content: { 'application/json': { schema: reviewReplySchema } } },
  },
  responses: { 200: json(reviewSchema, 'The review with its reply.', 'Review'), ...problems(400, 401, 403, 404, 409) },
});

/** `/api/user/reviews`: read a firm's reviews (anyone), write mine. */
export function reviewRoutes(deps: AppDeps) {
  const service = createReviewService(deps);
  const limit = createRateLimiter(deps.rateLimitStore, { name: 'reviews', max: 30, windowMs: 60 * 60_000 }, () => deps.clock().getTime());
  return createRouter()
    .openapi(list, async (c) => {
      const { firmId, page } = c.req.valid('query');
      const viewer = await currentUser(c);
      return c.json(await service.list(firmId, page, viewer?.id), 200, PRIVATE_NO_STORE);
    })
    .openapi(write, async (c) => {
      const user = await userOf(c);
      const verdict = await limit.consume(user.id);
      if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'Too many reviews');
      const { firmId } = c.req.valid('query');
      const { review, created, firm } = await service.write(user.id, firmId, c.req.valid('json'));
      if (created) {
        void notify(deps, {
          to: await service.replyTeam(firmId),
          kind: 'review.received',
          params: { firmName: firm.name, firmUsername: firm.username, rating: review.rating },
          actorId: user.id,
        });
      }
      return created ? c.json(review, 201, PRIVATE_NO_STORE) : c.json(review, 200, PRIVATE_NO_STORE);
    });
}

/** `/api/dashboard/reviews`: the firm's owners and managers reply. */
export function firmReviewRoutes(deps: AppDeps) {
  const service = createReviewService(deps);
  return createRouter().openapi(reply, async (c) => {
    const employment = employmentOf(c);
    const answer = await service.reply(c.req.valid('param').id, employment.firmId, employment.userId, c.req.valid('json').text);
    void notify(deps, {
      to: answer.authorId,
      kind: 'review.reply',
      params: { firmName: answer.firm.name, firmUsername: answer.firm.username },
      actorId: employment.userId,
    });
    return c.json(answer.review, 200, PRIVATE_NO_STORE);
  });
}
