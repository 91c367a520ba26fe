import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  employmentUpdateSchema,
  firmIdQuerySchema,
  invitationSchema,
  inviteSchema,
  teamMemberSchema,
  teamSchema,
} from '../../../shared/workspace';
import { requestLanguage } from '../../../shared/request-language';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireEmployment } from '../../lib/permissions';
import { notify } from '../notifications/notify';
import { invitationMail } from './team.mails';
import { createTeamService } from './team.service';

const tags = ['Workspace: team'];
const security = SIGNED_IN;
const query = firmIdQuerySchema;
const employmentParams = z.object({ employmentId: z.string() });
const ofEmployment = entityFirm('employments', 'employmentId');
const ofInvitation = entityFirm('invitations', 'invitationId');

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('team.view')],
  summary: 'The team: active members and the invitations waiting for an answer',
  request: { query },
  responses: { 200: json(teamSchema, 'Members (owners first) and open invitations.', 'Team'), ...problems(400, 401, 403) },
});
const invite = createRoute({
  method: 'post',
  path: '/invitations',
  tags,
  security,
  middleware: [requireEmployment('team.invite')],
  summary:
    "Invites someone by email or by their flip: a notification when they have an account, else a mailed link. Holds one of the plan's team seats",
  request: { query, body: jsonBody(inviteSchema) },
  responses: { 201: json(invitationSchema, 'The invitation.', 'Invitation'), ...problems(400, 401, 403, 409) },
});
const withdraw = createRoute({
  method: 'delete',
  path: '/invitations/{invitationId}',
  tags,
  security,
  middleware: [requireEmployment('team.invite', ofInvitation)],
  summary: 'Withdraws an open invitation',
  request: { params: z.object({ invitationId: z.string() }) },
  responses: { 204: { description: 'Withdrawn.' }, ...problems(401, 403, 404) },
});
const member = createRoute({
  method: 'get',
  path: '/employments/{employmentId}',
  tags,
  security,
  middleware: [requireEmployment('team.view', ofEmployment)],
  summary: 'One member of the team',
  request: { params: employmentParams },
  responses: { 200: json(teamMemberSchema, 'The member.', 'TeamMember'), ...problems(401, 403, 404) },
});
const update = createRoute({
  method: 'patch',
  path: '/employments/{employmentId}',
  tags,
  security,
  middleware: [requireEmployment('team.manage', ofEmployment)],
  summary: "Changes a member's role or profession (only owners touch owners; a firm keeps one owner)",
  request: { params: employmentParams, body: jsonBody(employmentUpdateSchema) },
  responses: { 200: json(teamMemberSchema, 'The member as saved.', 'TeamMember'), ...problems(400, 401, 403, 404, 409) },
});
const remove = createRoute({
  method: 'delete',
  path: '/employments/{employmentId}',
  tags,
  security,
  middleware: [requireEmployment('team.manage', ofEmployment)],
  summary: 'Removes someone from the team: their very next request is refused',
  request: { params: employmentParams },
  responses: { 204: { description: 'Removed.' }, ...problems(401, 403, 404, 409) },
});
const leave = createRoute({
  method: 'post',
  path: '/leave',
  tags,
  security,
  middleware: [requireEmployment('firm.view')],
  summary: 'Leaves the firm (the last owner cannot)',
  request: { query },
  responses: { 204: { description: 'Left.' }, ...problems(400, 401, 403, 409) },
});

/** `/api/dashboard/team`: the firm's team, roles and invitations. */
export function teamRoutes(deps: AppDeps) {
  const { db, clock, env, mail } = deps;
  const team = createTeamService(db, clock);
  return createRouter()
    .openapi(list, async (c) => c.json(await team.team(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(invite, async (c) => {
      const actor = employmentOf(c);
      const { invitation, inviteeUserId, email, token } = await team.invite(actor, c.req.valid('json'));
      const details = await team.mailDetails(actor);
      if (inviteeUserId) {
        // someone with an account: in-app on their business list, and by email or push as they chose
        await notify(deps, {
          to: inviteeUserId,
          kind: 'team.invitation',
          params: { firmName: details.firmName, invitationId: invitation.id },
          actorId: actor.userId,
        });
      } else if (email) {
        // nobody has this address yet: the link's token lets whoever signs up with it answer
        await mail.send({
          to: email,
          language: requestLanguage(c.req.raw),
          template: invitationMail,
          params: {
            ...details,
            role: invitation.userRole,
            url: `${env.publicUrl}/business?invitation=${encodeURIComponent(token)}`,
            expiresInDays: team.INVITATION_DAYS,
          },
        });
      }
      return c.json(invitation, 201, PRIVATE_NO_STORE);
    })
    .openapi(withdraw, async (c) => {
      await team.withdraw(employmentOf(c), c.req.valid('param').invitationId);
      return c.body(null, 204);
    })
    .openapi(member, async (c) =>
      c.json(await team.member(employmentOf(c).firmId, c.req.valid('param').employmentId), 200, PRIVATE_NO_STORE),
    )
    .openapi(update, async (c) =>
      c.json(await team.update(employmentOf(c), c.req.valid('param').employmentId, c.req.valid('json')), 200, PRIVATE_NO_STORE),
    )
    .openapi(remove, async (c) => {
      await team.end(employmentOf(c), c.req.valid('param').employmentId);
      return c.body(null, 204);
    })
    .openapi(leave, async (c) => {
      const actor = employmentOf(c);
      await team.end(actor, actor.id);
      return c.body(null, 204);
    });
}
