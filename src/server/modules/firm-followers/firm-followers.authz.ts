import { firmScoped, MANAGERS, type AuthzRows } from '../../testing/authorization';
import { FIRM, type Workspace } from '../../testing/workspace-fixtures';

const list = (path: string) => ({
  request: () => ({ path: `/api/dashboard/followers${path}?firmId=${FIRM}` }),
  expect: firmScoped(MANAGERS),
});

/** A fresh person asking to follow, for each cell to answer. */
async function asking(w: Workspace) {
  const person = await w.newPerson();
  await w.ctx.deps.db
    .insertInto('follow_requests')
    .values({ firm_id: FIRM, user_id: person.userId, created_at: '2026-06-01T00:00:00.000Z' })
    .execute();
  return person.userId;
}

const decision = (path: string) => ({
  request: async (w: Workspace) => ({
    path: `/api/dashboard/followers/requests/${path}?firmId=${FIRM}`,
    body: { userIds: [await asking(w)] },
  }),
  expect: firmScoped(MANAGERS),
});

const restriction = {
  request: async (w: Workspace) => ({ path: `/api/dashboard/followers/restricted/${(await w.newPerson()).userId}?firmId=${FIRM}` }),
  expect: firmScoped(MANAGERS, 204),
};

/**
 * Who may see the firm's followers, requests and restricted people (`audience.view`), and answer
 * requests, switch approval, restrict and lift (`audience.manage`): owners and managers.
 */
export const rows: AuthzRows = {
  'GET /api/dashboard/followers': list(''),
  'GET /api/dashboard/followers/requests': list('/requests'),
  'GET /api/dashboard/followers/restricted': list('/restricted'),
  'POST /api/dashboard/followers/requests/approve': decision('approve'),
  'POST /api/dashboard/followers/requests/decline': decision('decline'),
  'PUT /api/dashboard/followers/approval': {
    request: () => ({ path: `/api/dashboard/followers/approval?firmId=${FIRM}`, body: { approveFollowers: false } }),
    expect: firmScoped(MANAGERS),
  },
  'PUT /api/dashboard/followers/restricted/{userId}': restriction,
  'DELETE /api/dashboard/followers/restricted/{userId}': restriction,
};
