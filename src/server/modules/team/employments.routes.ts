import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  employmentListSchema,
  employmentSchema,
  invitationTokenSchema,
  receivedInvitationListSchema,
  receivedInvitationSchema,
} from '../../../shared/workspace';
import { userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { requireAccount } from '../../lib/permissions';
import { createTeamService } from './team.service';

const tags = ['Workspace: team'];
const security = SIGNED_IN;
const middleware = [requireAccount];
const invitationParams = z.object({ invitationId: z.string() });
/** The emailed link's token, when the invitation was sent to another address than the account's. */
const answerBody = { required: false, content: { 'application/json': { schema: invitationTokenSchema.partial() } } };

const withFirms = createRoute({
  method: 'get',
  path: '/with-firms',
  tags,
  security,
  middleware,
  summary: "The signed-in user's active employments with their firms, sorted by firm name",
  responses: { 200: json(employmentListSchema, 'One entry per active employment.', 'EmploymentList'), ...problems(401) },
});
const received = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware,
  summary: 'The open invitations addressed to the signed-in user (by account or email address)',
  responses: { 200: json(receivedInvitationListSchema, 'Newest first.', 'ReceivedInvitationList'), ...problems(401) },
});
const byToken = createRoute({
  method: 'get',
  path: '/by-token/{token}',
  tags,
  security,
  middleware,
  summary: 'The open invitation of an emailed link',
  request: { params: invitationTokenSchema },
  responses: { 200: json(receivedInvitationSchema, 'The invitation.', 'ReceivedInvitation'), ...problems(400, 401, 404) },
});
const accept = createRoute({
  method: 'post',
  path: '/{invitationId}/accept',
  tags,
  security,
  middleware,
  summary: 'Accepts an invitation: the employment starts with its role',
  request: { params: invitationParams, body: answerBody },
  responses: { 200: json(employmentSchema, 'The new employment.', 'Employment'), ...problems(400, 401, 404, 409) },
});
const decline = createRoute({
  method: 'post',
  path: '/{invitationId}/decline',
  tags,
  security,
  middleware,
  summary: 'Declines an invitation',
  request: { params: invitationParams, body: answerBody },
  responses: { 204: { description: 'Declined.' }, ...problems(400, 401, 404) },
});

/** `/api/business/employments`: the signed-in user's jobs (the business list). */
export function employmentRoutes({ db, clock }: AppDeps) {
  const team = createTeamService(db, clock);
  return createRouter().openapi(withFirms, async (c) => c.json(await team.employmentsOf((await userOf(c)).id), 200, PRIVATE_NO_STORE));
}

/** `/api/business/invitations`: the invitations the signed-in user received, and answering them. */
export function invitationRoutes({ db, clock }: AppDeps) {
  const team = createTeamService(db, clock);
  return createRouter()
    .openapi(received, async (c) => c.json(await team.received((await userOf(c)).id), 200, PRIVATE_NO_STORE))
    .openapi(byToken, async (c) => c.json(await team.byToken(c.req.valid('param').token), 200, PRIVATE_NO_STORE))
    .openapi(accept, async (c) =>
      c.json(await team.accept((await userOf(c)).id, c.req.valid('param').invitationId, c.req.valid('json')?.token), 200, PRIVATE_NO_STORE),
    )
    .openapi(decline, async (c) => {
      await team.decline((await userOf(c)).id, c.req.valid('param').invitationId, c.req.valid('json')?.token);
      return c.body(null, 204);
    });
}
