import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { icsCalendar, type CalendarEvent } from '../../../shared/calendar';
import { bookingReference } from '../../../shared/bookings';
import type { CalendarFeed } from '../../../shared/firm-calendar';

const DAY = 86_400_000;
/** what a subscribed calendar app shows: the last month and the year to come */
const PAST_DAYS = 31;
const AHEAD_DAYS = 400;
const MOST = 5000;
/** the bookings that will happen (or did): neither cancelled nor waiting for the team */
const FEED_STATUSES = ['confirmed', 'seated'];

/**
 * The firm's private calendar feed (docs/decisions/047-calendar-feed-token.md): one random token
 * per firm in the URL is the only key, since calendar apps cannot sign in. Resetting replaces it,
 * so a URL that leaked answers 404 from then on.
 */
export function createCalendarFeedService(db: Kysely<Database>, clock: () => Date, publicUrl: string) {
  const urlOf = (token: string) => `${publicUrl}/api/public/calendar-feeds/${token}.ics`;

  async function current(firmId: string): Promise<CalendarFeed> {
    const row = await db.selectFrom('calendar_feeds').select('token').where('firm_id', '=', firmId).executeTakeFirst();
    return { url: row ? urlOf(row.token) : null };
  }

  /** A new token for the firm, in one upsert: the old one stops working the moment this commits. */
  async function reset(firmId: string): Promise<CalendarFeed> {
    const token = crypto.randomBytes(32).toString('base64url');
    const created_at = clock().toISOString();
    await db
      .insertInto('calendar_feeds')
      .values({ firm_id: firmId, token, created_at })
      .onConflict((conflict) => conflict.column('firm_id').doUpdateSet({ token, created_at }))
      .execute();
    return { url: urlOf(token) };
  }

  /** The iCalendar file a token opens: the firm's events and the bookings that will happen. */
  async function file(token: string): Promise<{ ics: string; username: string }> {
    const firm = await db
      .selectFrom('calendar_feeds as c')
      .innerJoin('firms as f', 'f.id', 'c.firm_id')
      .select(['f.id', 'f.name', 'f.username', 'f.timezone', 'f.address_line', 'f.city'])
      .where('c.token', '=', token)
      .executeTakeFirst();
    if (!firm) throw notFound('No such calendar.');
    const now = clock();
    const from = new Date(now.getTime() - PAST_DAYS * DAY).toISOString();
    const to = new Date(now.getTime() + AHEAD_DAYS * DAY).toISOString();
    const location = [firm.address_line, firm.city].filter(Boolean).join(', ');
    const events = await db
      .selectFrom('events')
      .select(['id', 'short_id', 'name', 'description', 'start_date_time', 'end_date_time', 'venue'])
      .where('firm_id', '=', firm.id)
      .where('cancelled_at', 'is', null)
      .where('start_date_time', '>=', from)
      .where('start_date_time', '<', to)
      .orderBy('start_date_time')
      .limit(MOST)
      .execute();
    const bookings = await db
      .selectFrom('bookings as b')
      // a service's booking has no table: it goes by its service's name
      .leftJoin('booking_tables as t', 't.id', 'b.table_id')
      .leftJoin('booking_services as sv', 'sv.id', 'b.service_id')
      .select([
        'b.id',
        'b.starts_at',
        'b.ends_at',
        'b.party',
        'b.guest_name',
        'b.guest_email',
        'b.guest_phone',
        't.name as tableName',
        'sv.name as serviceName',
      ])
      .where('b.firm_id', '=', firm.id)
      .where('b.status', 'in', FEED_STATUSES)
      .where('b.starts_at', '>=', from)
      .where('b.starts_at', '<', to)
      .orderBy('b.starts_at')
      .limit(MOST)
      .execute();
    const entries: CalendarEvent[] = [
      ...events.map((event) => ({
        uid: `event-${event.id}@souk`,
        name: event.name,
        description: event.description,
        start: event.start_date_time,
        end: event.end_date_time,
        location: event.venue ?? location,
        url: `${publicUrl}/event/${event.short_id}`,
        timezone: firm.timezone,
      })),
      // the same UID as the booker's confirmation file: one booking is one entry in any calendar
      ...bookings.map((booking) => ({
        uid: `booking-${booking.id}@souk`,
        name: `${booking.guest_name} · ${booking.party} · ${booking.tableName ?? booking.serviceName ?? ''}`,
        description: [bookingReference(booking.id), booking.guest_phone, booking.guest_email].filter(Boolean).join('\n'),
        start: booking.starts_at,
        end: booking.ends_at,
        location,
        url: '',
        timezone: firm.timezone,
      })),
    ];
    return { ics: icsCalendar(entries, now, firm.name), username: firm.username };
  }

  return { current, reset, file };
}
