import { entityScoped, firmScoped, TEAM, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';
import { insertBooking } from './bookings.authz';

/**
 * Who works the bookings desk: the whole team (`sales.handle`), as for the day's other actions.
 * A caller's booking is refused as off the grid (409) here: the cell is about who may ask.
 */
export const rows: AuthzRows = {
  'POST /api/dashboard/booking-desk/bookings': {
    request: () => ({
      path: `/api/dashboard/booking-desk/bookings?firmId=${FIRM}`,
      body: { startsAt: '2030-01-01T12:07:00.000Z', party: 2, guestName: 'Caller' },
    }),
    expect: firmScoped(TEAM, 409),
  },
  'GET /api/dashboard/booking-desk/bookings/{id}/guest': {
    request: async (w) => ({ path: `/api/dashboard/booking-desk/bookings/${await insertBooking(w.ctx.deps.db, 'confirmed')}/guest` }),
    expect: entityScoped(TEAM),
  },
  'POST /api/dashboard/booking-desk/bookings/{id}/notes': {
    request: async (w) => ({
      path: `/api/dashboard/booking-desk/bookings/${await insertBooking(w.ctx.deps.db, 'confirmed')}/notes`,
      body: { body: 'Window seat' },
    }),
    expect: entityScoped(TEAM, 201),
  },
  'POST /api/dashboard/booking-desk/bookings/{id}/move': {
    request: async (w) => ({
      path: `/api/dashboard/booking-desk/bookings/${await insertBooking(w.ctx.deps.db, 'confirmed')}/move`,
      body: { startsAt: '2030-01-01T12:07:00.000Z' },
    }),
    expect: entityScoped(TEAM, 409),
  },
};
