import type { AppDeps } from '../../app-deps';
import { reportInputSchema, reportListSchema, reportSchema } from '../../../shared/reports';
import { requireUser, userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { createRateLimiter, tooManyRequests } from '../../lib/rate-limit';
import { createReportService } from './reports.service';
import { createReviewService } from '../reviews/reviews.service';

const tags = ['Reports'];
const signedIn = { tags, security: SIGNED_IN, middleware: [requireUser] };

const create = createRoute({
  ...signedIn,
  method: 'post',
  path: '/',
  summary: 'Reports a person, firm, event, post or review for moderation',
  request: { body: { required: true, content: { 'application/json': { schema: reportInputSchema } } } },
  responses: { 201: json(reportSchema, 'Stored for moderation.', 'Report'), ...problems(400, 401, 404, 429) },
});
const mine = createRoute({
  ...signedIn,
  method: 'get',
  path: '/',
  summary: 'What the caller reported, newest first, with its review status',
  responses: { 200: json(reportListSchema, 'The caller’s reports.', 'ReportList'), ...problems(401) },
});

/** Reports a person may file in a day. */
const REPORTS_PER_DAY = 20;

/** `/api/user/reports`: report something; see one's reports. */
export function reportRoutes(deps: AppDeps) {
  const reviews = createReviewService(deps);
  const service = createReportService(deps, (id) => reviews.reportTarget(id));
  const limit = createRateLimiter(deps.rateLimitStore, { name: 'reports', max: REPORTS_PER_DAY, windowMs: 24 * 60 * 60_000 }, () =>
    deps.clock().getTime(),
  );
  return createRouter()
    .openapi(create, async (c) => {
      const user = await userOf(c);
      const verdict = await limit.consume(user.id);
      if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'Too many reports');
      return c.json(await service.create(user.id, c.req.valid('json')), 201, PRIVATE_NO_STORE);
    })
    .openapi(mine, async (c) => {
      const user = await userOf(c);
      return c.json(await service.mine(user.id), 200, PRIVATE_NO_STORE);
    });
}
