import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { randomId } from '../../lib/ids';
import type { BookingGuest, BookingNote } from '../../../shared/booking-desk';
import type { BookingStatus } from '../../../shared/bookings';
import type { BookingNotices } from './booking-notices';
import type { Language } from '../../../shared/i18n';
import { createBooking } from './bookings.service';

const RECENT = 10;

interface ManualBooking {
  startsAt: string;
  party: number;
  serviceId?: string;
  staffId?: string;
  guestName: string;
  guestPhone: string | null;
  guestEmail: string | null;
}

/** What the team does at the desk: book for a caller, write notes, look the guest up. */
export function createBookingDeskService(db: Kysely<Database>, clock: () => Date, notices: BookingNotices) {
  /**
   * A booking taken on the phone goes through the same path as one from the firm's page (the same
   * rules, the same atomic hold of a table or of a staff member's time), so a caller and a visitor can
   * never get one table or one person's time twice. A caller pays a paid service at the firm.
   */
  async function book(firmId: string, input: ManualBooking, language: Language): Promise<{ id: string }> {
    return createBooking(
      db,
      {
        firmId,
        startsAt: new Date(input.startsAt),
        party: input.party,
        serviceId: input.serviceId,
        staffId: input.staffId,
        paidAtFirm: true,
        userId: null,
        guestName: input.guestName,
        guestEmail: input.guestEmail ?? '',
        guestPhone: input.guestPhone,
        language,
      },
      clock(),
      notices,
    );
  }

  async function addNote(bookingId: string, authorId: string, body: string): Promise<BookingNote> {
    const row = { id: randomId(), booking_id: bookingId, author_id: authorId, body, created_at: clock().toISOString() };
    await db.insertInto('booking_notes').values(row).execute();
    const author = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', authorId).executeTakeFirst();
    return { id: row.id, body, authorName: author ? `${author.first_name} ${author.last_name}`.trim() : '', createdAt: row.created_at };
  }

  async function notes(bookingId: string): Promise<BookingNote[]> {
    const rows = await db
      .selectFrom('booking_notes as n')
      .leftJoin('users as u', 'u.id', 'n.author_id')
      .select(['n.id', 'n.body', 'n.created_at', 'u.first_name', 'u.last_name'])
      .where('n.booking_id', '=', bookingId)
      .orderBy('n.created_at')
      .orderBy('n.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      body: row.body,
      authorName: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
      createdAt: row.created_at,
    }));
  }

  /**
   * The guest's bookings at this firm: the same member when they were signed in, else the same
   * email, else the same phone number; a booking with none of them is a guest of its own.
   */
  async function guest(bookingId: string): Promise<BookingGuest> {
    const booking = await db
      .selectFrom('bookings')
      .select(['id', 'firm_id', 'user_id', 'guest_email', 'guest_phone'])
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    let same = db.selectFrom('bookings').select(['id', 'starts_at', 'ends_at', 'party', 'status']).where('firm_id', '=', booking.firm_id);
    if (booking.user_id) same = same.where('user_id', '=', booking.user_id);
    else if (booking.guest_email) same = same.where('guest_email', '=', booking.guest_email);
    else if (booking.guest_phone) same = same.where('guest_phone', '=', booking.guest_phone);
    else same = same.where('id', '=', booking.id);
    const rows = await same.orderBy('starts_at', 'desc').execute();
    const nowIso = clock().toISOString();
    const count = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length;
    return {
      visits: count((row) => row.status === 'seated' || (row.status === 'confirmed' && row.ends_at <= nowIso)),
      noShows: count((row) => row.status === 'no_show'),
      cancelled: count((row) => row.status === 'cancelled'),
      recent: rows
        .filter((row) => row.id !== bookingId)
        .slice(0, RECENT)
        .map((row) => ({ id: row.id, startsAt: row.starts_at, party: row.party, status: row.status as BookingStatus })),
      notes: await notes(bookingId),
    };
  }

  return { book, addNote, guest };
}
