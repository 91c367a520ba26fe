import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { type BookingAction, type BookingStatus, type FirmBookings, type MyBooking, bookingReference } from '../../../shared/bookings';
import type { AfterCommit, OnConfirmed } from './booking-notices';
import { DEFAULT_RULES } from './bookings.service';
import { releaseHolds } from './booking-holders';
import { bookedServices, serviceLine } from './booking-services.service';
import { bookingPayments, type OnCancelled } from './booking-payments';

const HOUR = 60 * 60_000;

/** What each action of the team does: the statuses it applies to and the one it leaves. */
const TRANSITIONS: Record<BookingAction, { from: BookingStatus[]; to: BookingStatus }> = {
  confirm: { from: ['pending'], to: 'confirmed' },
  seat: { from: ['confirmed'], to: 'seated' },
  // a party at its table has come: it is no longer cancelled
  cancel: { from: ['pending', 'confirmed'], to: 'cancelled' },
  'no-show': { from: ['confirmed'], to: 'no_show' },
};

const asStatus = (status: string) => status as BookingStatus;

/** The firm's bookings for its workspace, a member's own, and what the team does to one. */
export function createBookingListService(
  db: Kysely<Database>,
  clock: () => Date,
  onConfirmed: OnConfirmed,
  /** a paid booking's money goes back by the firm's policy */
  onCancelled: OnCancelled = async () => undefined,
) {
  async function forFirm(firmId: string, from: string, to: string): Promise<FirmBookings> {
    const firm = await db.selectFrom('firms').select('timezone').where('id', '=', firmId).executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('bookings as b')
      .leftJoin('booking_tables as t', 't.id', 'b.table_id')
      .select([
        'b.id',
        'b.starts_at',
        'b.ends_at',
        'b.party',
        'b.status',
        'b.guest_name',
        'b.guest_email',
        'b.guest_phone',
        't.id as tableId',
        't.name as tableName',
      ])
      .where('b.firm_id', '=', firmId)
      .where('b.starts_at', '>=', new Date(from).toISOString())
      .where('b.starts_at', '<', new Date(to).toISOString())
      .orderBy('b.starts_at')
      .orderBy('t.name')
      .execute();
    const services = await bookedServices(
      db,
      rows.map((row) => row.id),
    );
    return {
      timeZone: firm.timezone,
      bookings: rows.map((row) => ({
        id: row.id,
        reference: bookingReference(row.id),
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        party: row.party,
        status: asStatus(row.status),
        guestName: row.guest_name,
        guestEmail: row.guest_email,
        guestPhone: row.guest_phone,
        table: row.tableId && row.tableName ? { id: row.tableId, name: row.tableName } : null,
        service: services.get(row.id)?.service ?? null,
        staff: services.get(row.id)?.staff ?? null,
      })),
    };
  }

  function mine(userId: string) {
    return db
      .selectFrom('bookings as b')
      .innerJoin('firms as f', 'f.id', 'b.firm_id')
      .leftJoin('booking_rules as r', 'r.firm_id', 'b.firm_id')
      .select([
        'b.id',
        'b.starts_at',
        'b.ends_at',
        'b.party',
        'b.status',
        'f.id as firmId',
        'f.username',
        'f.name',
        'f.timezone',
        'r.cancel_hours',
      ])
      .where('b.user_id', '=', userId);
  }
  type MineRow = Awaited<ReturnType<ReturnType<typeof mine>['executeTakeFirstOrThrow']>>;
  /** The member's bookings as they read them, with the service and staff member of those that have one (one query for all). */
  async function toMine(rows: MineRow[]): Promise<MyBooking[]> {
    const ids = rows.map((row) => row.id);
    const services = await bookedServices(db, ids);
    const payments = await bookingPayments(db, ids);
    return rows.map((row) => ({
      id: row.id,
      reference: bookingReference(row.id),
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      party: row.party,
      status: asStatus(row.status),
      payment: payments.get(row.id) ?? null,
      changeUntil: new Date(Date.parse(row.starts_at) - (row.cancel_hours ?? DEFAULT_RULES.cancelHours) * HOUR).toISOString(),
      service: serviceLine(services.get(row.id)),
      firm: { id: row.firmId, username: row.username, name: row.name, timeZone: row.timezone },
    }));
  }

  /** The member's bookings that have not ended yet, the soonest first. */
  async function upcoming(userId: string): Promise<MyBooking[]> {
    const rows = await mine(userId).where('b.ends_at', '>', clock().toISOString()).orderBy('b.starts_at').execute();
    return toMine(rows);
  }

  async function one(userId: string, id: string): Promise<MyBooking> {
    const row = await mine(userId).where('b.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Booking not found.');
    const [booking] = await toMine([row]);
    return booking;
  }

  /**
   * Moves a booking, as one conditional update: of two people pressing at once only one moves it.
   * `owner` is whose booking it must be (the team's firm, or the member who booked). Cancelling
   * frees the table's slots in the same transaction; a no-show is only recorded once the booking
   * has started, and a member cancels only before it starts.
   */
  async function move(owner: { firmId: string } | { userId: string }, id: string, action: BookingAction): Promise<BookingStatus> {
    const { from, to } = TRANSITIONS[action];
    const nowIso = clock().toISOString();
    const moved = await db.transaction().execute(async (trx): Promise<AfterCommit | null> => {
      // the team confirming a visitor's booking vouches for it: its hold no longer lapses
      let update = trx
        .updateTable('bookings')
        .set(action === 'confirm' ? { status: to, confirm_by: null } : { status: to })
        .where('id', '=', id)
        .where('status', 'in', from);
      update =
        'firmId' in owner
          ? update.where('firm_id', '=', owner.firmId)
          : update.where('user_id', '=', owner.userId).where('starts_at', '>', nowIso);
      if (action === 'no-show') update = update.where('starts_at', '<=', nowIso);
      const result = await update.executeTakeFirst();
      if (result.numUpdatedRows === 0n) return null;
      if (action === 'cancel') {
        await releaseHolds(trx, id);
        return (await onCancelled(trx, id, 'firmId' in owner ? 'team' : 'booker')) ?? (() => undefined);
      }
      return action === 'confirm' ? onConfirmed(trx, id) : () => undefined;
    });
    if (moved) {
      await moved();
      return to;
    }
    let exists = db.selectFrom('bookings').select('id').where('id', '=', id);
    exists = 'firmId' in owner ? exists.where('firm_id', '=', owner.firmId) : exists.where('user_id', '=', owner.userId);
    if (!(await exists.executeTakeFirst())) throw notFound('Booking not found.');
    throw new HttpError(409, 'This booking cannot take this action now.', 'booking_state');
  }

  /** One of the team's actions on a booking of its firm. */
  const act = (firmId: string, id: string, action: BookingAction) => move({ firmId }, id, action);

  /** The member cancels their own booking before it starts. */
  async function cancelMine(userId: string, id: string): Promise<MyBooking> {
    await move({ userId }, id, 'cancel');
    return one(userId, id);
  }

  return { forFirm, upcoming, one, act, cancelMine };
}
