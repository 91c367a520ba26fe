import { firmScoped, MANAGERS, type AuthzRows } from '../../testing/authorization';
import { FIRM, type Workspace } from '../../testing/workspace-fixtures';

/** A fresh follower of the firm: a customer for the cells that read or write one. */
async function freshCustomer(w: Workspace) {
  const { userId } = await w.newPerson();
  await w.ctx.deps.db.insertInto('follows').values({ user_id: userId, firm_id: FIRM, created_at: '2026-06-01T00:00:00.000Z' }).execute();
  return userId;
}

/** Who may see the firm's customers (`audience.view`) and write notes about them (`audience.manage`): owners and managers. */
export const rows: AuthzRows = {
  'GET /api/dashboard/customers': {
    request: () => ({ path: `/api/dashboard/customers?firmId=${FIRM}` }),
    expect: firmScoped(MANAGERS),
  },
  'GET /api/dashboard/customers/csv': {
    request: () => ({ path: `/api/dashboard/customers/csv?firmId=${FIRM}&follower=true` }),
    expect: firmScoped(MANAGERS),
  },
  'GET /api/dashboard/customers/tags': {
    request: () => ({ path: `/api/dashboard/customers/tags?firmId=${FIRM}` }),
    expect: firmScoped(MANAGERS),
  },
  'GET /api/dashboard/customers/{key}': {
    request: async (w) => ({ path: `/api/dashboard/customers/${await freshCustomer(w)}?firmId=${FIRM}` }),
    expect: firmScoped(MANAGERS),
  },
  'PUT /api/dashboard/customers/{key}/notes': {
    request: async (w) => ({
      path: `/api/dashboard/customers/${await freshCustomer(w)}/notes?firmId=${FIRM}`,
      body: { notes: 'Prefers the terrace', tags: ['regular'] },
    }),
    expect: firmScoped(MANAGERS),
  },
};
