import type { AppDeps } from '../../app-deps';
import {
  firmFollowerPageSchema,
  firmFollowerQuerySchema,
  followDecisionAnswerSchema,
  followDecisionSchema,
  followApprovalSchema,
  restrictionParamsSchema,
} from '../../../shared/firm-followers';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment } from '../../lib/permissions';
import { notify } from '../notifications/notify';
import { offerToNewFollowers } from '../promotions/follower-offers';
import { createFirmFollowerService, type AudienceList } from './firm-followers.service';

const tags = ['Workspace: followers'];
const view = { tags, security: SIGNED_IN, middleware: [requireEmployment('audience.view')] };
const manage = { tags, security: SIGNED_IN, middleware: [requireEmployment('audience.manage')] };

function listRoute(path: string, summary: string, from: AudienceList) {
  return {
    from,
    route: createRoute({
      ...view,
      method: 'get',
      path,
      summary,
      description:
        'Never an email address or any other private detail. Keyset pages: the next page is asked for with the `nextCursor` of this ' +
        'one as `cursor` (the same `q`); a cursor this list did not give answers 400.',
      request: { query: firmFollowerQuerySchema },
      responses: { 200: json(firmFollowerPageSchema, 'A page of people.', 'FirmFollowerPage'), ...problems(400, 401, 403) },
    }),
  };
}

const followers = listRoute(
  '/',
  "The firm's followers, the latest first: the name and flip each shows on Souk, and since when (`q` searches both)",
  'follows',
);
const requests = listRoute('/requests', 'The requests to follow the firm that wait for an answer, the latest first', 'follow_requests');
const restricted = listRoute(
  '/restricted',
  'The people the firm restricted from following it and writing to it, the latest first',
  'firm_restrictions',
);

function decisionRoute(path: string, summary: string) {
  return createRoute({
    ...manage,
    method: 'post',
    path,
    summary,
    request: { query: firmIdQuerySchema, body: jsonBody(followDecisionSchema) },
    responses: {
      200: json(followDecisionAnswerSchema, 'How many requests were answered.', 'FollowDecisionAnswer'),
      ...problems(400, 401, 403),
    },
  });
}

const approve = decisionRoute('/requests/approve', 'Approves requests to follow (one or many): each person becomes a follower and is told');
const decline = decisionRoute('/requests/decline', 'Declines requests to follow (one or many); the person is not told');

const restrictionRoute = (method: 'put' | 'delete', summary: string, done: string) =>
  createRoute({
    ...manage,
    method,
    path: '/restricted/{userId}',
    summary,
    request: { params: restrictionParamsSchema, query: firmIdQuerySchema },
    responses: { 204: { description: done }, ...problems(400, 401, 403, 404) },
  });

const restrict = restrictionRoute(
  'put',
  'Restricts someone: they stop following the firm and may neither follow it nor write to it (idempotent)',
  'Restricted.',
);
const lift = restrictionRoute('delete', 'Lifts a restriction: the person may follow and write again (idempotent)', 'Lifted.');

const approval = createRoute({
  ...manage,
  method: 'put',
  path: '/approval',
  summary: 'Whether following the firm is a request its team answers: owners and managers switch it here, where they answer requests',
  request: { query: firmIdQuerySchema, body: jsonBody(followApprovalSchema) },
  responses: { 200: json(followApprovalSchema, 'The switch as saved.', 'FollowApproval'), ...problems(400, 401, 403) },
});

/** `/api/dashboard/followers`: who follows the firm, who asks to, and who it keeps away. */
export function firmFollowerRoutes(deps: AppDeps) {
  const audience = createFirmFollowerService(deps.db, deps.clock);
  const router = createRouter();
  for (const { route, from } of [followers, requests, restricted]) {
    router.openapi(route, async (c) => {
      const { firmId, cursor, size, q } = c.req.valid('query');
      return c.json(await audience.list(from, firmId, { cursor, size, q }), 200, PRIVATE_NO_STORE);
    });
  }
  return router
    .openapi(approve, async (c) => {
      const { firmId } = employmentOf(c);
      const approved = await audience.approve(firmId, c.req.valid('json').userIds);
      if (approved.length > 0) {
        await notify(deps, { to: approved, kind: 'follow.approved', params: await audience.firmNames(firmId) });
        await offerToNewFollowers(deps, firmId);
      }
      return c.json({ answered: approved.length }, 200, PRIVATE_NO_STORE);
    })
    .openapi(decline, async (c) => {
      const answered = await audience.decline(employmentOf(c).firmId, c.req.valid('json').userIds);
      return c.json({ answered }, 200, PRIVATE_NO_STORE);
    })
    .openapi(approval, async (c) => {
      const { approveFollowers } = c.req.valid('json');
      await audience.setApproval(employmentOf(c).firmId, approveFollowers);
      return c.json({ approveFollowers }, 200, PRIVATE_NO_STORE);
    })
    .openapi(restrict, async (c) => {
      await audience.restrict(employmentOf(c).firmId, c.req.valid('param').userId);
      return c.body(null, 204);
    })
    .openapi(lift, async (c) => {
      await audience.lift(employmentOf(c).firmId, c.req.valid('param').userId);
      return c.body(null, 204);
    });
}
