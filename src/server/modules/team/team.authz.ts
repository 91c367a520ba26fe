import { accountScoped, entityScoped, firmScoped, MANAGERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { FIRM, type Actor, type Workspace } from '../../testing/workspace-fixtures';

/** A firm none of the actors works for: invitations to it can be accepted by anyone. */
const ELSEWHERE = 'f3';

const invitedElsewhere = (workspace: Workspace, actor: Actor) =>
  workspace.newInvitation(ELSEWHERE, { inviteeUserId: workspace.userIdOf(actor) });

let invited = 0;

/** Who may read and change employments, the team and invitations (src/server/api/authorization-matrix.test.ts). */
export const rows: AuthzRows = {
  'GET /api/business/employments/with-firms': {
    request: () => ({ path: '/api/business/employments/with-firms' }),
    expect: accountScoped(),
  },
  'GET /api/business/invitations': { request: () => ({ path: '/api/business/invitations' }), expect: accountScoped() },
  'GET /api/business/invitations/by-token/{token}': {
    request: async (workspace) => ({ path: `/api/business/invitations/by-token/${(await workspace.newInvitation(FIRM)).token}` }),
    expect: accountScoped(),
  },
  'POST /api/business/invitations/{invitationId}/accept': {
    request: async (workspace, actor) => ({ path: `/api/business/invitations/${(await invitedElsewhere(workspace, actor)).id}/accept` }),
    expect: accountScoped(),
  },
  'POST /api/business/invitations/{invitationId}/decline': {
    request: async (workspace, actor) => ({ path: `/api/business/invitations/${(await invitedElsewhere(workspace, actor)).id}/decline` }),
    expect: accountScoped(204),
  },
  'GET /api/dashboard/team': { request: () => ({ path: `/api/dashboard/team?firmId=${FIRM}` }), expect: firmScoped(TEAM) },
  'POST /api/dashboard/team/invitations': {
    request: () => {
      invited += 1;
      return {
        path: `/api/dashboard/team/invitations?firmId=${FIRM}`,
        body: { email: `invitee${invited}@example.com`, userRole: 'STAFF' },
      };
    },
    expect: firmScoped(MANAGERS, 201),
  },
  'DELETE /api/dashboard/team/invitations/{invitationId}': {
    request: async (workspace) => ({
      path: `/api/dashboard/team/invitations/${(await workspace.newInvitation(FIRM, { email: 'someone@example.com' })).id}`,
    }),
    expect: entityScoped(MANAGERS, 204),
  },
  'GET /api/dashboard/team/employments/{employmentId}': {
    request: async (workspace) => ({ path: `/api/dashboard/team/employments/${(await workspace.newPerson(FIRM)).employmentId}` }),
    expect: entityScoped(TEAM),
  },
  'PATCH /api/dashboard/team/employments/{employmentId}': {
    request: async (workspace) => ({
      path: `/api/dashboard/team/employments/${(await workspace.newPerson(FIRM)).employmentId}`,
      body: { profession: 'Pastry chef' },
    }),
    expect: entityScoped(MANAGERS),
  },
  'DELETE /api/dashboard/team/employments/{employmentId}': {
    request: async (workspace) => ({ path: `/api/dashboard/team/employments/${(await workspace.newPerson(FIRM)).employmentId}` }),
    expect: entityScoped(MANAGERS, 204),
  },
  'POST /api/dashboard/team/leave': {
    request: () => ({ path: `/api/dashboard/team/leave?firmId=${FIRM}` }),
    // the firm's only owner cannot leave: authorised, refused by the one-owner rule
    expect: { ...firmScoped(TEAM, 204), owner: 409 },
    after: async (workspace, actor) => {
      const userId = workspace.userIdOf(actor);
      if (!userId) return;
      await workspace.ctx.deps.db
        .updateTable('employments')
        .set({ active: 1 })
        .where('firm_id', '=', FIRM)
        .where('user_id', '=', userId)
        .execute();
    },
  },
};
