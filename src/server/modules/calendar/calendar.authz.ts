import { firmScoped, MANAGERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who may read the firm's calendar and its feed: the whole team sees the calendar (`sales.handle`,
 * as the bookings list); only owners and managers see and reset the feed's secret URL
 * (`calendar.feed`), since whoever holds it reads guests' names from anywhere.
 */
export const rows: AuthzRows = {
  'GET /api/dashboard/calendar': {
    request: () => ({ path: `/api/dashboard/calendar?firmId=${FIRM}&from=2026-06-01T00:00:00.000Z&to=2026-07-01T00:00:00.000Z` }),
    expect: firmScoped(TEAM),
  },
  'GET /api/dashboard/calendar/feed': {
    request: () => ({ path: `/api/dashboard/calendar/feed?firmId=${FIRM}` }),
    expect: firmScoped(MANAGERS),
  },
  'POST /api/dashboard/calendar/feed/reset': {
    request: () => ({ path: `/api/dashboard/calendar/feed/reset?firmId=${FIRM}` }),
    expect: firmScoped(MANAGERS),
  },
};
