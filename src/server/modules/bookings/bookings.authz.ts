import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { accountScoped, entityScoped, firmScoped, MANAGERS, openToAll, TEAM, type AuthzRows } from '../../testing/authorization';
import { createBookingLinks } from './booking-links';
import { FIRM, type Workspace } from '../../testing/workspace-fixtures';

/**
 * Who may set up and handle the firm's bookings: the whole team reads the list, the setup and the
 * closures and takes the day's actions (`sales.handle`: staff seat people too); owners and managers
 * change the tables, services, rules and closures (`firm.edit`). Each cell acts on a table or booking of its own.
 * The public routes answer anyone alike (a booking's signed link is its authority); a member's routes
 * want a signed-in caller and answer only for their own bookings (another's is 404).
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

async function insertClosure(db: Kysely<Database>): Promise<string> {
  made += 1;
  const id = `authz-closure-${made}`;
  await db
    .insertInto('booking_closures')
    .values({
      id,
      firm_id: FIRM,
      starts_at: '2030-02-01T00:00:00.000Z',
      ends_at: '2030-02-02T00:00:00.000Z',
      reason: null,
      created_at: CREATED,
    })
    .execute();
  return id;
}

/** A service given by the firm's staff member (the fixtures' `staff` actor). */
async function insertService(db: Kysely<Database>): Promise<string> {
  made += 1;
  const id = `authz-service-${made}`;
  await db
    .insertInto('booking_services')
    .values({
      id,
      firm_id: FIRM,
      name: `Authz ${made}`,
      duration_minutes: 30,
      price_minor: null,
      buffer_before: 0,
      buffer_after: 0,
      created_at: CREATED,
    })
    .execute();
  return id;
}

const service = {
  name: 'Consultation',
  durationMinutes: 30,
  priceMinor: 2500,
  depositMinor: 1000,
  bufferBefore: 0,
  bufferAfter: 10,
  staffIds: [`emp-${FIRM}-user-staff`],
};

/** The signed link's token of a fresh booking. */
async function tokenOf(w: Workspace, status: 'pending' | 'confirmed'): Promise<string> {
  const { deps } = w.ctx;
  return createBookingLinks(deps.secrets.refreshKey, deps.env.publicUrl).tokenOf(await insertBooking(deps.db, status));
}

/** off the grid (a booking for 12:07): the cell is about who may ask, so a 409 answers it */
const OFF_GRID = '2030-01-01T12:07:00.000Z';

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
  'POST /api/dashboard/bookings/services': {
    request: () => ({ path: `/api/dashboard/bookings/services?firmId=${FIRM}`, body: service }),
    expect: firmScoped(MANAGERS, 201),
  },
  'PUT /api/dashboard/bookings/services/{id}': {
    request: async (w) => ({ path: `/api/dashboard/bookings/services/${await insertService(w.ctx.deps.db)}`, body: service }),
    expect: entityScoped(MANAGERS),
  },
  'DELETE /api/dashboard/bookings/services/{id}': {
    request: async (w) => ({ path: `/api/dashboard/bookings/services/${await insertService(w.ctx.deps.db)}` }),
    expect: entityScoped(MANAGERS, 204),
  },
  'GET /api/public/bookings/services': {
    request: () => ({ path: `/api/public/bookings/services?firmId=${FIRM}` }),
    expect: openToAll(),
  },
  'GET /api/dashboard/bookings/closures': {
    request: () => ({ path: `/api/dashboard/bookings/closures?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'POST /api/dashboard/bookings/closures': {
    request: () => ({
      path: `/api/dashboard/bookings/closures?firmId=${FIRM}`,
      body: { from: '2030-03-01T00:00', to: '2030-03-02T00:00', reason: null, reasonPublic: false },
    }),
    expect: firmScoped(MANAGERS, 201),
  },
  'DELETE /api/dashboard/bookings/closures/{id}': {
    request: async (w) => ({ path: `/api/dashboard/bookings/closures/${await insertClosure(w.ctx.deps.db)}` }),
    expect: entityScoped(MANAGERS, 204),
  },
  'GET /api/public/bookings/slots': {
    request: () => ({ path: `/api/public/bookings/slots?firmId=${FIRM}&date=2030-01-01&party=2` }),
    expect: openToAll(),
  },
  'POST /api/public/bookings': {
    request: (_w, actor) => ({
      path: '/api/public/bookings',
      body: { firmId: FIRM, startsAt: OFF_GRID, party: 2, name: 'Visitor', email: `${actor}@souk.test`, language: 'en' },
    }),
    expect: openToAll(409),
  },
  'GET /api/public/bookings/manage': {
    request: async (w) => ({ path: `/api/public/bookings/manage?token=${encodeURIComponent(await tokenOf(w, 'confirmed'))}` }),
    expect: openToAll(),
  },
  'POST /api/public/bookings/manage/confirm': {
    request: async (w) => ({ path: '/api/public/bookings/manage/confirm', body: { token: await tokenOf(w, 'pending') } }),
    expect: openToAll(),
  },
  'POST /api/public/bookings/manage/cancel': {
    request: async (w) => ({ path: '/api/public/bookings/manage/cancel', body: { token: await tokenOf(w, 'confirmed') } }),
    expect: openToAll(),
  },
  'POST /api/public/bookings/manage/payment': {
    request: async (w) => ({ path: '/api/public/bookings/manage/payment', body: { token: await tokenOf(w, 'confirmed') } }),
    expect: openToAll(),
  },
  'POST /api/public/bookings/manage/move': {
    request: async (w) => ({
      path: '/api/public/bookings/manage/move',
      body: { token: await tokenOf(w, 'confirmed'), startsAt: OFF_GRID },
    }),
    expect: openToAll(409),
  },
  'GET /api/user/bookings': {
    request: () => ({ path: '/api/user/bookings' }),
    expect: accountScoped(),
  },
  'POST /api/user/bookings': {
    request: () => ({ path: '/api/user/bookings', body: { firmId: FIRM, startsAt: OFF_GRID, party: 2 } }),
    expect: accountScoped(409),
  },
  'GET /api/user/bookings/{id}': {
    request: async (w) => ({ path: `/api/user/bookings/${await insertBooking(w.ctx.deps.db, 'confirmed')}` }),
    expect: accountScoped(404),
  },
  'POST /api/user/bookings/{id}/payment': {
    request: async (w) => ({ path: `/api/user/bookings/${await insertBooking(w.ctx.deps.db, 'confirmed')}/payment` }),
    expect: accountScoped(404),
  },
  'POST /api/user/bookings/{id}/cancel': {
    request: async (w) => ({ path: `/api/user/bookings/${await insertBooking(w.ctx.deps.db, 'confirmed')}/cancel` }),
    expect: accountScoped(404),
  },
  'POST /api/user/bookings/{id}/move': {
    request: async (w) => ({
      path: `/api/user/bookings/${await insertBooking(w.ctx.deps.db, 'confirmed')}/move`,
      body: { startsAt: OFF_GRID },
    }),
    expect: accountScoped(404),
  },
  'POST /api/dashboard/bookings/{id}/{action}': {
    request: async (w) => ({ path: `/api/dashboard/bookings/${await insertBooking(w.ctx.deps.db, 'pending')}/confirm` }),
    expect: entityScoped(TEAM),
  },
};
