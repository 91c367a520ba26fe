import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { BookingRules } from '../../../shared/bookings';

const MINUTE = 60_000;
/** a staff member's time is held in steps of this many minutes (a service's length and buffers are multiples of it) */
const STAFF_STEP = 5;

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * What a booking holds while it stands: a table for a party's turn, or a staff member's time for a
 * service (its buffers around it). Each resource's time is cut into points; a hold is a row per
 * point whose primary key lets only one booking have it, so two bookings collide exactly when they
 * would share a point, and of any number racing for one resource's last time, one insert wins.
 */
export interface Holder {
  /** the rules with `turnMinutes` the length of what is booked (a table's turn, a service's duration) */
  rules: BookingRules;
  /** the resources that could take it, the first tried first */
  candidates(db: Executor): Promise<string[]>;
  /** the points a booking from `start` holds */
  points(start: Date): string[];
  /** of those points, which are held already, as `${resource} ${point}` */
  held(db: Executor, resources: string[], points: string[]): Promise<Set<string>>;
  /** takes the points for the booking: how many rows went in (fewer than asked: someone has one) */
  take(trx: Transaction<Database>, resource: string, points: string[], bookingId: string): Promise<number>;
  /** the booking's column its resource goes in */
  column: 'table_id' | 'staff_id';
}

const inserted = (result: { numInsertedOrUpdatedRows?: bigint }) => Number(result.numInsertedOrUpdatedRows ?? 0);

/** The smallest tables with room for the party, each held per grid slot of the turn. */
export function tableHolder(firmId: string, party: number, rules: BookingRules): Holder {
  return {
    rules,
    column: 'table_id',
    async candidates(db) {
      const tables = await db
        .selectFrom('booking_tables')
        .select('id')
        .where('firm_id', '=', firmId)
        .where('seats', '>=', party)
        .orderBy('seats')
        .orderBy('id')
        .execute();
      return tables.map((table) => table.id);
    },
    points: (start) => heldSlots(start, rules),
    async held(db, resources, points) {
      if (resources.length === 0 || points.length === 0) return new Set();
      const rows = await db
        .selectFrom('booking_holds')
        .select(['table_id as resource', 'slot_at'])
        .where('table_id', 'in', resources)
        .where('slot_at', 'in', points)
        .execute();
      return new Set(rows.map((row) => `${row.resource} ${row.slot_at}`));
    },
    async take(trx, resource, points, bookingId) {
      const result = await trx
        .insertInto('booking_holds')
        .values(points.map((slot_at) => ({ table_id: resource, slot_at, booking_id: bookingId })))
        .onConflict((conflict) => conflict.columns(['table_id', 'slot_at']).doNothing())
        .executeTakeFirst();
      return inserted(result);
    },
  };
}

/** The grid points a table holds from `start` for one turn: two bookings collide exactly when they share one. */
export function heldSlots(start: Date, rules: BookingRules): string[] {
  return Array.from({ length: Math.ceil(rules.turnMinutes / rules.slotMinutes) }, (_, i) =>
    new Date(start.getTime() + i * rules.slotMinutes * MINUTE).toISOString(),
  );
}

export interface BookableService {
  id: string;
  durationMinutes: number;
  bufferBefore: number;
  bufferAfter: number;
}

/** The firm's service, or a 409 `no_such_service` (removed meanwhile, or another firm's). */
export async function serviceOf(db: Executor, firmId: string, serviceId: string): Promise<BookableService> {
  const row = await db
    .selectFrom('booking_services')
    .select(['id', 'duration_minutes', 'buffer_before', 'buffer_after'])
    .where('id', '=', serviceId)
    .where('firm_id', '=', firmId)
    .executeTakeFirst();
  if (!row) throw new HttpError(409, 'This service cannot be booked.', 'no_such_service');
  return { id: row.id, durationMinutes: row.duration_minutes, bufferBefore: row.buffer_before, bufferAfter: row.buffer_after };
}

/**
 * The service's staff (or the one chosen, when they give it), each held for the service and its
 * buffers in five-minute points: a staff member's other bookings, of any service, hold the same rows.
 */
export function staffHolder(firmId: string, service: BookableService, staffId: string | undefined, rules: BookingRules): Holder {
  return {
    rules: { ...rules, turnMinutes: service.durationMinutes },
    column: 'staff_id',
    async candidates(db) {
      let query = db
        .selectFrom('booking_service_staff as s')
        .innerJoin('employments as e', 'e.id', 's.employment_id')
        .select('e.id')
        .where('s.service_id', '=', service.id)
        .where('e.firm_id', '=', firmId)
        .where('e.active', '=', 1)
        .orderBy('e.id');
      if (staffId) query = query.where('e.id', '=', staffId);
      return (await query.execute()).map((row) => row.id);
    },
    points(start) {
      const from = start.getTime() - service.bufferBefore * MINUTE;
      const count = (service.bufferBefore + service.durationMinutes + service.bufferAfter) / STAFF_STEP;
      return Array.from({ length: count }, (_, i) => new Date(from + i * STAFF_STEP * MINUTE).toISOString());
    },
    async held(db, resources, points) {
      if (resources.length === 0 || points.length === 0) return new Set();
      const rows = await db
        .selectFrom('booking_staff_holds')
        .select(['staff_id as resource', 'slot_at'])
        .where('staff_id', 'in', resources)
        .where('slot_at', 'in', points)
        .execute();
      return new Set(rows.map((row) => `${row.resource} ${row.slot_at}`));
    },
    async take(trx, resource, points, bookingId) {
      const result = await trx
        .insertInto('booking_staff_holds')
        .values(points.map((slot_at) => ({ staff_id: resource, slot_at, booking_id: bookingId })))
        .onConflict((conflict) => conflict.columns(['staff_id', 'slot_at']).doNothing())
        .executeTakeFirst();
      return inserted(result);
    },
  };
}

/** Frees whatever a booking holds (cancelled, lapsed or about to move). */
export async function releaseHolds(trx: Executor, bookingId: string): Promise<void> {
  await trx.deleteFrom('booking_holds').where('booking_id', '=', bookingId).execute();
  await trx.deleteFrom('booking_staff_holds').where('booking_id', '=', bookingId).execute();
}
