import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { assertFeatureEnabled } from '../../lib/plans';
import type { BookingService, BookingServiceInput, PublicServices, StaffMember } from '../../../shared/bookings';
import { LIVE_STATUSES } from './booking-status';

type Executor = Kysely<Database>;

const nameOf = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim();

/** The firm's active team, who may be named to give a service. */
export async function teamOf(db: Executor, firmId: string): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('employments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'u.first_name', 'u.last_name'])
    .where('e.firm_id', '=', firmId)
    .where('e.active', '=', 1)
    .orderBy('u.first_name')
    .orderBy('e.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: nameOf(row) }));
}

/** The firm's services, each with its active staff, by name. */
export async function servicesOf(db: Executor, firmId: string): Promise<BookingService[]> {
  const services = await db.selectFrom('booking_services').selectAll().where('firm_id', '=', firmId).orderBy('name').execute();
  if (services.length === 0) return [];
  const staff = await db
    .selectFrom('booking_service_staff as s')
    .innerJoin('employments as e', 'e.id', 's.employment_id')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['s.service_id', 'e.id', 'u.first_name', 'u.last_name'])
    .where(
      's.service_id',
      'in',
      services.map((service) => service.id),
    )
    .where('e.active', '=', 1)
    .orderBy('u.first_name')
    .execute();
  return services.map((service) => ({
    id: service.id,
    name: service.name,
    durationMinutes: service.duration_minutes,
    priceMinor: service.price_minor,
    depositMinor: service.deposit_minor,
    bufferBefore: service.buffer_before,
    bufferAfter: service.buffer_after,
    staff: staff.filter((row) => row.service_id === service.id).map((row) => ({ id: row.id, name: nameOf(row) })),
  }));
}

/** What the booking page offers besides tables: the services that someone gives. */
export async function publicServices(db: Executor, firmId: string): Promise<PublicServices> {
  const firm = await db.selectFrom('firms').select('currency').where('id', '=', firmId).where('status_code', '=', 1).executeTakeFirst();
  if (!firm) throw notFound('No such firm.');
  const table = await db.selectFrom('booking_tables').select('id').where('firm_id', '=', firmId).executeTakeFirst();
  const services = await servicesOf(db, firmId);
  return { currency: firm.currency, hasTables: table !== undefined, services: services.filter((service) => service.staff.length > 0) };
}

/** A service booking's service and staff member, by booking id (a table's booking has none). */
export async function bookedServices(db: Executor, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, { service: StaffMember; staff: StaffMember }>();
  const rows = await db
    .selectFrom('bookings as b')
    .innerJoin('booking_services as sv', 'sv.id', 'b.service_id')
    .innerJoin('employments as e', 'e.id', 'b.staff_id')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['b.id', 'sv.id as serviceId', 'sv.name as serviceName', 'e.id as staffId', 'u.first_name', 'u.last_name'])
    .where('b.id', 'in', bookingIds)
    .execute();
  return new Map(
    rows.map((row) => [row.id, { service: { id: row.serviceId, name: row.serviceName }, staff: { id: row.staffId, name: nameOf(row) } }]),
  );
}

/** What a booker is shown of a service booking: the service and who gives it (null: a table's booking). */
export const serviceLine = (line: { service: StaffMember; staff: StaffMember } | undefined) =>
  line ? { id: line.service.id, name: line.service.name, staffId: line.staff.id, staffName: line.staff.name } : null;

/** The service line of one booking. */
export async function bookedServiceLine(db: Executor, bookingId: string) {
  return serviceLine((await bookedServices(db, [bookingId])).get(bookingId));
}

/** The owner's services: added with their staff, changed, removed while nothing is booked of them. */
export function createBookingServiceSetup(db: Executor, clock: () => Date) {
  /** Every named staff member must be of the firm's active team. */
  async function assertTeam(firmId: string, staffIds: string[]) {
    const team = new Set((await teamOf(db, firmId)).map((member) => member.id));
    if (!staffIds.every((id) => team.has(id))) throw new HttpError(400, 'Only the firm’s team can give a service.', 'not_in_team');
  }

  const columns = (input: BookingServiceInput) => ({
    name: input.name,
    duration_minutes: input.durationMinutes,
    price_minor: input.priceMinor,
    deposit_minor: input.depositMinor,
    buffer_before: input.bufferBefore,
    buffer_after: input.bufferAfter,
  });

  async function one(firmId: string, id: string): Promise<BookingService> {
    const service = (await servicesOf(db, firmId)).find((candidate) => candidate.id === id);
    if (!service) throw notFound('Service not found.');
    return service;
  }

  /** A service puts "Book" on the firm's page like a table, so a plan without bookings cannot add one. */
  async function add(firmId: string, input: BookingServiceInput): Promise<BookingService> {
    await assertFeatureEnabled(db, firmId, 'BOOKINGS', clock());
    await assertTeam(firmId, input.staffIds);
    const id = randomId();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('booking_services')
        .values({ id, firm_id: firmId, ...columns(input), created_at: clock().toISOString() })
        .execute();
      await trx
        .insertInto('booking_service_staff')
        .values([...new Set(input.staffIds)].map((employment_id) => ({ service_id: id, employment_id })))
        .execute();
    });
    return one(firmId, id);
  }

  /**
   * Changes a service and who gives it. Bookings already made keep their time and staff member: a new
   * length or buffer applies to the bookings made from now on.
   */
  async function update(firmId: string, id: string, input: BookingServiceInput): Promise<BookingService> {
    await assertTeam(firmId, input.staffIds);
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('booking_services')
        .set(columns(input))
        .where('id', '=', id)
        .where('firm_id', '=', firmId)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound('Service not found.');
      await trx.deleteFrom('booking_service_staff').where('service_id', '=', id).execute();
      await trx
        .insertInto('booking_service_staff')
        .values([...new Set(input.staffIds)].map((employment_id) => ({ service_id: id, employment_id })))
        .execute();
    });
    return one(firmId, id);
  }

  /** Removes a service with no booking still to come (they would go with it); one conditional delete. */
  async function remove(firmId: string, id: string): Promise<void> {
    const result = await db
      .deleteFrom('booking_services')
      .where('id', '=', id)
      .where('firm_id', '=', firmId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('bookings')
              .select('bookings.id')
              .whereRef('bookings.service_id', '=', 'booking_services.id')
              .where('bookings.status', 'in', LIVE_STATUSES)
              .where('bookings.ends_at', '>', clock().toISOString()),
          ),
        ),
      )
      .executeTakeFirst();
    if (result.numDeletedRows > 0n) return;
    await one(firmId, id);
    throw new HttpError(409, 'This service has bookings to come: cancel them first.', 'service_booked');
  }

  return { add, update, remove };
}
