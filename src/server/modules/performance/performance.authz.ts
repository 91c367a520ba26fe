import { firmScoped, MANAGERS, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who may see how the firm's pages do (src/server/api/authorization-matrix.test.ts): owners and
 * managers (`reports.view`), as for the sales. The beacon under /api/public counts for anyone.
 */
export const rows: AuthzRows = {
  'GET /api/dashboard/performance': {
    request: () => ({ path: `/api/dashboard/performance?firmId=${FIRM}` }),
    expect: firmScoped(MANAGERS),
  },
};
