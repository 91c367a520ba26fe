import { accountScoped, type AuthzRows } from '../../testing/authorization';

/** Who may read and change employments, the team and invitations (src/server/api/authorization-matrix.test.ts). */
export const rows: AuthzRows = {
  'GET /api/business/employments/with-firms': {
    request: () => ({ path: '/api/business/employments/with-firms' }),
    expect: accountScoped(),
  },
};
