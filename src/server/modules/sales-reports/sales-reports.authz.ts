import { firmScoped, MANAGERS, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who may see what the firm sold (src/server/api/authorization-matrix.test.ts): owners and managers
 * (`reports.view`); staff take and hand over orders but do not see the takings.
 */
export const rows: AuthzRows = {
  'GET /api/dashboard/sales-reports': {
    request: () => ({ path: `/api/dashboard/sales-reports?firmId=${FIRM}&period=7d` }),
    expect: firmScoped(MANAGERS),
  },
  'GET /api/dashboard/sales-reports/csv': {
    request: () => ({ path: `/api/dashboard/sales-reports/csv?firmId=${FIRM}&period=custom&from=2026-01-01&to=2026-12-31&rows=orders` }),
    expect: firmScoped(MANAGERS),
  },
};
