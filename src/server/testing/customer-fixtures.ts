import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The bookings and tickets the customer tests make a firm's customers of. */

/** A table to book at in `firmId`; its bookings go through `insertGuestBooking`. */
export async function insertBookingTable(db: Kysely<Database>, firmId: string, tableId: string) {
  await db
    .insertInto('booking_tables')
    .values({ id: tableId, firm_id: firmId, name: 'Terrace', seats: 4, created_at: '2026-01-01T00:00:00.000Z' })
    .execute();
}

/** A booking of two for an hour and a half, a guest's (no account) unless `user_id` is given. */
export async function insertGuestBooking(
  db: Kysely<Database>,
  firmId: string,
  tableId: string,
  id: string,
  extra: { user_id?: string | null; guest_email?: string; status?: string; starts_at?: string },
) {
  const startsAt = extra.starts_at ?? '2026-05-20T19:00:00.000Z';
  await db
    .insertInto('bookings')
    .values({
      id,
      firm_id: firmId,
      table_id: tableId,
      starts_at: startsAt,
      ends_at: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(),
      party: 2,
      user_id: extra.user_id ?? null,
      guest_name: 'Guest Walker',
      guest_email: extra.guest_email ?? '',
      status: extra.status ?? 'confirmed',
      created_at: '2026-05-01T00:00:00.000Z',
    })
    .execute();
}

/** A ticket of event `e1` in an order, held by the buyer; `from` names the ticket it was passed on from. */
export const ticketRow = (orderId: string, holderId: string, id: string, status: string, from: string | null = null) => ({
  id,
  order_id: orderId,
  event_id: 'e1',
  category_id: 't1',
  holder_id: holderId,
  code: `code-${id}`,
  status,
  transferred_from: from,
  created_at: '2026-05-06T10:00:00.000Z',
  updated_at: '2026-05-06T10:00:00.000Z',
});
