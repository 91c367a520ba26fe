import { firmScoped, MANAGERS, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

/** Who may see the firm's followers (src/server/api/authorization-matrix.test.ts): owners and managers (`audience.view`). */
export const rows: AuthzRows = {
  'GET /api/dashboard/followers': {
    request: () => ({ path: `/api/dashboard/followers?firmId=${FIRM}` }),
    expect: firmScoped(MANAGERS),
  },
};
