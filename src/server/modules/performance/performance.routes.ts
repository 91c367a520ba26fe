import type { AppDeps } from '../../app-deps';
import { pageViewSchema, performanceSchema } from '../../../shared/performance';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { clientAddress } from '../../lib/client-address';
import { notFound } from '../../lib/errors';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment } from '../../lib/permissions';
import { tooManyRequests } from '../../lib/rate-limit';
import { isBot } from './page-views';
import { createPerformanceService } from './performance.service';
import { createViewLimit } from './view-limit';

const report = createRoute({
  method: 'get',
  path: '/',
  tags: ['Workspace: performance'],
  security: SIGNED_IN,
  middleware: [requireEmployment('reports.view')],
  summary: "The firm's last weeks: views, QR scans, follows, saves, purchases and conversion, each against the week before",
  description:
    "Weeks from Monday on the firm's calendar, the current one so far; the totals are compared with as many weeks before. " +
    'Needs a plan with PERFORMANCE (403 `plan_limit` names the plan that has it).',
  request: { query: firmIdQuerySchema },
  responses: { 200: json(performanceSchema, 'The figures.', 'Performance'), ...problems(400, 401, 403) },
});

/** `/api/dashboard/performance`: how the firm's pages do, for its owners and managers. */
export function performanceRoutes(deps: AppDeps) {
  const service = createPerformanceService(deps);
  return createRouter().openapi(report, async (c) => c.json(await service.performance(employmentOf(c).firmId), 200, PRIVATE_NO_STORE));
}

const view = createRoute({
  method: 'post',
  path: '/',
  tags: ['Page views'],
  summary: 'Counts one view of a firm’s page or of one of its items (the page sends it once, without cookies)',
  description:
    'Nothing about the visitor is stored. Robots (by their user agent) are answered 204 and not counted; one visitor counts a ' +
    'page at most 10 times in ten minutes on one server process (429 after). `source: "qr"` marks a visit from the firm\'s printed code. Views are ' +
    'written in batches, so the performance figures include one a few seconds after its answer. With `PAGE_VIEWS` switched ' +
    'off, every view is answered 204 and not counted.',
  request: { body: jsonBody(pageViewSchema) },
  responses: { 204: { description: 'Counted (or a robot, or counting switched off: not counted).' }, ...problems(400, 404, 429) },
});

/** Views one visitor may count of one page in a window: a reload now and then counts, a script reloading does not. */
const VIEWS_PER_PAGE = 10;

/** `/api/public/page-views`: the beacon every firm and item page sends once. */
export function pageViewRoutes(deps: AppDeps) {
  const counter = deps.pageViews;
  const limit = createViewLimit(deps, { max: VIEWS_PER_PAGE, windowMs: 10 * 60_000 });
  return createRouter().openapi(view, async (c) => {
    const page = c.req.valid('json');
    if (isBot(c.req.header('user-agent')) || !(await deps.features.isEnabled('PAGE_VIEWS'))) return c.body(null, 204);
    const verdict = limit.consume(clientAddress(c), `${page.kind}:${page.key.toLowerCase()}`);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'Too many views of this page');
    if (!(await counter.count(page))) throw notFound('No such page.');
    return c.body(null, 204);
  });
}
