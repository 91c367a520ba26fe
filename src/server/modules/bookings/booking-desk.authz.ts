import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { entityScoped, firmScoped, TEAM, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who works the bookings desk: the whole team (`sales.handle`), as for the day's other actions.
 * A caller's booking is refused as off the grid (409) here: the cell is about who may ask.
 */
let made = 0;

async function insertBooking(db: Kysely<Database>): Promise<string> {
  made += 1;
  const tableId = `authz-desk-table-${made}`;
  await db
    .insertInto('booking_tables')
    .values({ id: tableId, firm_id: FIRM, name: `Desk ${made}`, seats: 4, created_at: '2026-01-01T00:00:00.000Z' })
    .execute();
  const id = `authz-desk-booking-${made}`;
  await db
    .insertInto('bookings')
    .values({
      id,
      firm_id: FIRM,
      table_id: tableId,
      starts_at: '2030-01-01T12:00:00.000Z',
      ends_at: '2030-01-01T13:30:00.000Z',
      party: 2,
      user_id: null,
      guest_name: 'Authz Guest',
      guest_email: 'authz@souk.test',
      status: 'confirmed',
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
  return id;
}

export const rows: AuthzRows = {
  'POST /api/dashboard/booking-desk/bookings': {
    request: () => ({
      path: `/api/dashboard/booking-desk/bookings?firmId=${FIRM}`,
      body: { startsAt: '2030-01-01T12:07:00.000Z', party: 2, guestName: 'Caller' },
    }),
    expect: firmScoped(TEAM, 409),
  },
  'GET /api/dashboard/booking-desk/bookings/{id}/guest': {
    request: async (w) => ({ path: `/api/dashboard/booking-desk/bookings/${await insertBooking(w.ctx.deps.db)}/guest` }),
    expect: entityScoped(TEAM),
  },
  'POST /api/dashboard/booking-desk/bookings/{id}/notes': {
    request: async (w) => ({
      path: `/api/dashboard/booking-desk/bookings/${await insertBooking(w.ctx.deps.db)}/notes`,
      body: { body: 'Window seat' },
    }),
    expect: entityScoped(TEAM, 201),
  },
};
