import { firmScoped, TEAM, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

/** Who may read and edit the firm in the workspace (src/server/api/authorization-matrix.test.ts). */
export const rows: AuthzRows = {
  'GET /api/dashboard/firms/dash-firm': {
    request: () => ({ path: `/api/dashboard/firms/dash-firm?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
};
