import { entityScoped, MANAGERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { insertAdmission } from '../../testing/checkin-fixtures';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who may check tickets in (src/server/api/authorization-matrix.test.ts): the whole team at the
 * door (`checkin.scan`), owners and managers undo an admission (`checkin.undo`) and read the
 * attendee list (`audience.view`); another firm's people find no such event or scan (404). Each undo
 * cell undoes an admission of its own.
 */
const EVENT = { id: 'e1', firmId: FIRM };

export const rows: AuthzRows = {
  'GET /api/dashboard/checkin/events/{eventId}/list': {
    request: () => ({ path: '/api/dashboard/checkin/events/e1/list' }),
    expect: entityScoped(TEAM),
  },
  'POST /api/dashboard/checkin/events/{eventId}/scans': {
    request: () => ({
      path: '/api/dashboard/checkin/events/e1/scans',
      body: { deviceId: 'device-authz', deviceName: 'Door', since: 0, scans: [] },
    }),
    expect: entityScoped(TEAM),
  },
  'GET /api/dashboard/checkin/events/{eventId}/log': {
    request: () => ({ path: '/api/dashboard/checkin/events/e1/log' }),
    expect: entityScoped(TEAM),
  },
  'GET /api/dashboard/checkin/events/{eventId}/attendees': {
    request: () => ({ path: '/api/dashboard/checkin/events/e1/attendees' }),
    expect: entityScoped(MANAGERS),
  },
  'GET /api/dashboard/checkin/events/{eventId}/attendees/csv': {
    request: () => ({ path: '/api/dashboard/checkin/events/e1/attendees/csv' }),
    expect: entityScoped(MANAGERS),
  },
  'POST /api/dashboard/checkin/scans/{scanId}/undo': {
    request: async (w) => ({
      path: `/api/dashboard/checkin/scans/${await insertAdmission(w.ctx.deps.db, EVENT, 't1', (await w.newPerson()).userId)}/undo`,
    }),
    expect: entityScoped(MANAGERS),
  },
};
