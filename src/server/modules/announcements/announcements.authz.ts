import { firmScoped, MANAGERS, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who may send the firm's announcements and read the sent ones (src/server/api/authorization-matrix.test.ts):
 * owners and managers (`announcements.send`); staff may not.
 */
export const rows: AuthzRows = {
  'GET /api/dashboard/announcements': {
    request: () => ({ path: `/api/dashboard/announcements?firmId=${FIRM}` }),
    expect: firmScoped(MANAGERS),
  },
  'POST /api/dashboard/announcements': {
    request: () => ({ path: `/api/dashboard/announcements?firmId=${FIRM}`, body: { text: 'Fresh msemen every morning this week.' } }),
    expect: firmScoped(MANAGERS, 201),
  },
};
