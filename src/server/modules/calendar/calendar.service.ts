import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { bookingReference, type BookingStatus } from '../../../shared/bookings';
import { parseOpeningHours } from '../../../shared/firms';
import type { FirmCalendar } from '../../../shared/firm-calendar';
import { closuresOverlapping, toClosure } from '../bookings/booking-closures.service';

const HOUR = 3_600_000;
/** an event without an end is shown as this long, as "add to calendar" does */
const UNENDED_MS = 2 * HOUR;
/** a generous bound per read: a busy restaurant's month is a few thousand bookings */
const MOST = 5000;

/** What happens at a firm between two instants: its events and bookings, and its hours to lay them over. */
export function createCalendarService(db: Kysely<Database>) {
  async function range(firmId: string, from: string, to: string): Promise<FirmCalendar> {
    const fromIso = new Date(from).toISOString();
    const toIso = new Date(to).toISOString();
    const firm = await db.selectFrom('firms').select(['timezone', 'opening_hours']).where('id', '=', firmId).executeTakeFirstOrThrow();
    const events = await db
      .selectFrom('events')
      .select(['id', 'name', 'start_date_time', 'end_date_time', 'cancelled_at'])
      .where('firm_id', '=', firmId)
      .where('start_date_time', '<', toIso)
      // an event that started before the range shows while it lasts into it
      .where((eb) =>
        eb.or([eb('end_date_time', '>', fromIso), eb('start_date_time', '>', new Date(Date.parse(fromIso) - UNENDED_MS).toISOString())]),
      )
      .orderBy('start_date_time')
      .limit(MOST)
      .execute();
    const bookings = await db
      .selectFrom('bookings as b')
      // a service's booking has no table: it goes by its service's name
      .leftJoin('booking_tables as t', 't.id', 'b.table_id')
      .leftJoin('booking_services as sv', 'sv.id', 'b.service_id')
      .select(['b.id', 'b.starts_at', 'b.ends_at', 'b.party', 'b.status', 'b.guest_name', 't.name as tableName', 'sv.name as serviceName'])
      .where('b.firm_id', '=', firmId)
      .where('b.starts_at', '>=', fromIso)
      .where('b.starts_at', '<', toIso)
      .orderBy('b.starts_at')
      .orderBy('t.name')
      .limit(MOST)
      .execute();
    const closures = await closuresOverlapping(db, firmId, new Date(fromIso), new Date(toIso));
    return {
      timeZone: firm.timezone,
      openingHours: parseOpeningHours(firm.opening_hours),
      events: events.map((event) => ({
        id: event.id,
        name: event.name,
        startsAt: new Date(event.start_date_time).toISOString(),
        endsAt: new Date(event.end_date_time ?? Date.parse(event.start_date_time) + UNENDED_MS).toISOString(),
        cancelled: event.cancelled_at !== null,
      })),
      bookings: bookings.map((booking) => ({
        id: booking.id,
        reference: bookingReference(booking.id),
        startsAt: booking.starts_at,
        endsAt: booking.ends_at,
        party: booking.party,
        status: booking.status as BookingStatus,
        guestName: booking.guest_name,
        tableName: booking.tableName ?? booking.serviceName ?? '',
      })),
      closures: closures.map(toClosure),
    };
  }

  return { range };
}
