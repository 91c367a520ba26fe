import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import type { BookingStatus } from '../../../shared/bookings';
import type { Language } from '../../../shared/i18n';
import type { BookingNotices } from './booking-notices';
import { releaseHolds } from './booking-holders';
import { assertBookable, holderFor, rulesOf, takeAHold } from './bookings.service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** a party already at its table is not moved; neither is a booking that is over */
const MOVABLE: BookingStatus[] = ['pending', 'confirmed'];

export interface MoveRequest {
  id: string;
  startsAt: Date;
  /** whose booking it must be (the team's firm, or the member who booked); a signed link names the booking alone */
  owner?: { firmId: string } | { userId: string };
  /** the booker is held to the firm's deadline (`cancelHours` before the start); the team is not */
  byBooker: boolean;
  /** the language a refusal's detail is worded in */
  language: Language;
}

/** The move lost to another change of the same booking (moved, cancelled or confirmed past its deadline meanwhile). */
class NotMovable extends Error {}

/**
 * Moves a booking to another open start, at the smallest table free for the new turn (a service's, with
 * its staff member). One transaction per resource tried frees the old holds and takes the new ones: the update of the booking row is
 * conditional on the start it was read with, so two moves of one booking cannot both land, and the
 * new holds are taken against the same primary key as any booking, so two bookings moving into the
 * last table cannot both get it. A try that loses rolls back whole, the old time kept. The firm's id and
 * the booking's status.
 */
export async function moveBooking(
  db: Kysely<Database>,
  move: MoveRequest,
  now: Date,
  notices: BookingNotices,
): Promise<{ firmId: string; status: BookingStatus }> {
  let read = db
    .selectFrom('bookings')
    .select(['id', 'firm_id', 'party', 'status', 'starts_at', 'service_id', 'staff_id'])
    .where('id', '=', move.id);
  if (move.owner) {
    read = 'firmId' in move.owner ? read.where('firm_id', '=', move.owner.firmId) : read.where('user_id', '=', move.owner.userId);
  }
  const booking = await read.executeTakeFirst();
  if (!booking) throw notFound('Booking not found.');
  const rules = await rulesOf(db, booking.firm_id);
  const deadline = new Date(now.getTime() + (move.byBooker ? rules.cancelHours * HOUR : 0)).toISOString();
  const unmovable = () =>
    MOVABLE.includes(booking.status as BookingStatus)
      ? new HttpError(409, 'The time to change this booking has passed.', 'change_deadline')
      : new HttpError(409, 'This booking cannot take this action now.', 'booking_state');
  if (!MOVABLE.includes(booking.status as BookingStatus) || booking.starts_at <= deadline) throw unmovable();
  const startsAt = move.startsAt.toISOString();
  const result = { firmId: booking.firm_id, status: booking.status as BookingStatus };
  if (startsAt === booking.starts_at) return result;

  // a service's booking keeps its staff member: the booker chose them, or the team told them who it is
  const choice = {
    firmId: booking.firm_id,
    party: booking.party,
    serviceId: booking.service_id ?? undefined,
    staffId: booking.staff_id ?? undefined,
  };
  const holder = await holderFor(db, choice, rules);
  const taken = await assertBookable(db, { ...choice, startsAt: move.startsAt, language: move.language, rules: holder.rules }, now);
  try {
    const moved = await takeAHold(db, move.startsAt, holder, {
      async booking(trx, resource) {
        const result = await trx
          .updateTable('bookings')
          .set({
            [resource.column]: resource.id,
            starts_at: startsAt,
            ends_at: new Date(move.startsAt.getTime() + holder.rules.turnMinutes * MINUTE).toISOString(),
            // the reminder of the new time is still to go
            reminded_at: null,
          })
          .where('id', '=', booking.id)
          .where('status', 'in', MOVABLE)
          .where('starts_at', '=', booking.starts_at)
          .where('starts_at', '>', deadline)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) throw new NotMovable();
        await releaseHolds(trx, booking.id);
        return booking.id;
      },
      notices: (trx, id) => notices.moved(trx, id),
    });
    if (!moved) throw await taken();
  } catch (error) {
    if (error instanceof NotMovable) throw new HttpError(409, 'This booking changed meanwhile: look at it again.', 'booking_state');
    throw error;
  }
  return result;
}
