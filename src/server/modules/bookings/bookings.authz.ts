import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { entityScoped, firmScoped, MANAGERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who may set up and handle the firm's bookings: the whole team reads the list and the setup and
 * takes the day's actions (`sales.handle`: staff seat people too); owners and managers change the
 * tables and rules (`firm.edit`). Each cell acts on a table or booking of its own.
 */
let made = 0;
const CREATED = '2026-01-01T00:00:00.000Z';

async function insertTable(db: Kysely<Database>): Promise<string> {
  made += 1;
  const id = `authz-booking-table-${made}`;
  await db
    .insertInto('booking_tables')
    .values({ id, firm_id: FIRM, name: `Authz ${made}`, seats: 4, created_at: CREATED })
    .execute();
  return id;
}

/** A booking at a table of its own (no holds needed: the actions under test read or change the booking itself). */
export async function insertBooking(db: Kysely<Database>, status: 'pending' | 'confirmed'): Promise<string> {
  const tableId = await insertTable(db);
  const id = `authz-booking-${made}`;
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
      status,
      created_at: CREATED,
    })
    .execute();
  return id;
}

const rules = {
  slotMinutes: 30,
  turnMinutes: 90,
  aheadDays: 60,
  noticeMinutes: 60,
  largestParty: 8,
  confirmManually: false,
  cancelHours: 0,
  reminderHours: 24,
};

export const rows: AuthzRows = {
  'GET /api/dashboard/bookings': {
    request: () => ({ path: `/api/dashboard/bookings?firmId=${FIRM}&from=2026-01-01T00:00:00.000Z&to=2026-01-08T00:00:00.000Z` }),
    expect: firmScoped(TEAM),
  },
  'GET /api/dashboard/bookings/setup': {
    request: () => ({ path: `/api/dashboard/bookings/setup?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'PUT /api/dashboard/bookings/rules': {
    request: () => ({ path: `/api/dashboard/bookings/rules?firmId=${FIRM}`, body: rules }),
    expect: firmScoped(MANAGERS),
  },
  'POST /api/dashboard/bookings/tables': {
    request: (_w, actor) => ({ path: `/api/dashboard/bookings/tables?firmId=${FIRM}`, body: { name: `Table ${actor}`, seats: 2 } }),
    expect: firmScoped(MANAGERS, 201),
  },
  'DELETE /api/dashboard/bookings/tables/{id}': {
    request: async (w) => ({ path: `/api/dashboard/bookings/tables/${await insertTable(w.ctx.deps.db)}` }),
    expect: entityScoped(MANAGERS, 204),
  },
  'POST /api/dashboard/bookings/{id}/{action}': {
    request: async (w) => ({ path: `/api/dashboard/bookings/${await insertBooking(w.ctx.deps.db, 'pending')}/confirm` }),
    expect: entityScoped(TEAM),
  },
};
