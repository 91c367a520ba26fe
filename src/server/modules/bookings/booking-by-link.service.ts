import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import {
  bookingReference,
  GUEST_HOLD_MINUTES,
  type BookingStatus,
  type GuestBookingInput,
  type ManagedBooking,
} from '../../../shared/bookings';
import type { BookingLinks } from './booking-links';
import type { BookingNotices } from './booking-notices';
import { LIVE_STATUSES } from './booking-status';
import { createBooking, rulesOf } from './bookings.service';
import { moveBooking } from './booking-moves';
import type { Language } from '../../../shared/i18n';
import { releaseHolds } from './booking-holders';
import { bookedServiceLine } from './booking-services.service';
import { bookingPayments, type BookingPaymentFlow } from './booking-payments';

const HOUR = 60 * 60_000;

/**
 * What the holder of a booking's link does: a visitor books without an account and confirms by the
 * link; anyone with the link sees the booking and cancels it until the firm's deadline.
 */
export function createBookingByLinkService(
  db: Kysely<Database>,
  clock: () => Date,
  links: BookingLinks,
  notices: BookingNotices,
  /** told once a booking changed, with its firm (the team's open desks read again) */
  changed: (firmId: string) => Promise<void> = async () => {},
  /** a paid booking's payment step, and its money back when it is cancelled */
  paid?: Pick<BookingPaymentFlow, 'open' | 'settle' | 'cancelled'>,
) {
  /** The visitor's booking holds its table at once, and lapses unless its mailed link confirms it in time. */
  async function book(input: GuestBookingInput): Promise<ManagedBooking> {
    const now = clock();
    const { id } = await createBooking(
      db,
      {
        firmId: input.firmId,
        startsAt: new Date(input.startsAt),
        party: input.party,
        serviceId: input.serviceId,
        staffId: input.staffId,
        userId: null,
        guestName: input.name,
        guestEmail: input.email,
        language: input.language,
        byLink: { language: input.language, confirmBy: new Date(now.getTime() + GUEST_HOLD_MINUTES * 60_000) },
      },
      now,
      notices,
    );
    await paid?.open(id, returnPath(id));
    await changed(input.firmId);
    return viewOf(id);
  }

  /** The payment step sends the payer back to the booking's page, which asks where the payment stands. */
  const returnPath = (id: string) => `/bookings/manage?token=${encodeURIComponent(links.tokenOf(id))}`;

  /** The payer is back from the payment step, or asks for it again. */
  async function pay(token: string): Promise<ManagedBooking> {
    const id = bookingOf(token);
    await paid?.settle(id, returnPath(id));
    return viewOf(id);
  }

  async function viewOf(id: string): Promise<ManagedBooking> {
    const row = await db
      .selectFrom('bookings as b')
      .innerJoin('firms as f', 'f.id', 'b.firm_id')
      .select([
        'b.id',
        'b.firm_id',
        'b.starts_at',
        'b.ends_at',
        'b.party',
        'b.status',
        'b.confirm_by',
        'b.guest_name',
        'f.username',
        'f.name',
        'f.timezone',
      ])
      .where('b.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Booking not found.');
    const { cancelHours } = await rulesOf(db, row.firm_id);
    return {
      reference: bookingReference(row.id),
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      party: row.party,
      status: row.status as BookingStatus,
      confirmBy: row.confirm_by,
      cancelUntil: new Date(Date.parse(row.starts_at) - cancelHours * HOUR).toISOString(),
      guestName: row.guest_name,
      service: await bookedServiceLine(db, row.id),
      payment: (await bookingPayments(db, [row.id])).get(row.id) ?? null,
      firm: { id: row.firm_id, username: row.username, name: row.name, timeZone: row.timezone },
    };
  }

  function bookingOf(token: string): string {
    const id = links.bookingOf(token);
    if (!id) throw notFound('This link does not name a booking.');
    return id;
  }

  const view = (token: string) => viewOf(bookingOf(token));

  /**
   * Confirms a visitor's booking before its hold lapses: it stands (its mail goes), or waits for
   * the team when the firm confirms by hand. Opening the link again changes nothing.
   */
  async function confirm(token: string): Promise<ManagedBooking> {
    const id = bookingOf(token);
    const { firm_id } = await firmOf(id);
    const to = (await rulesOf(db, firm_id)).confirmManually ? 'pending' : 'confirmed';
    const afterCommit = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('bookings')
        .set({ status: to, confirm_by: null })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('confirm_by', '>', clock().toISOString())
        .where('pay_minor', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return null;
      return to === 'confirmed' ? notices.confirmed(trx, id) : () => undefined;
    });
    await afterCommit?.();
    if (afterCommit) await changed(firm_id);
    const booking = await viewOf(id);
    if (booking.payment?.state === 'due') throw new HttpError(409, 'This booking is confirmed by its payment.', 'payment_due');
    if (!afterCommit && booking.confirmBy !== null) throw new HttpError(409, 'This booking was not confirmed in time.', 'link_lapsed');
    return booking;
  }

  async function firmOf(id: string) {
    const row = await db.selectFrom('bookings').select('firm_id').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Booking not found.');
    return row;
  }

  /**
   * Cancels the booking while its start is further away than the firm's deadline, as one
   * conditional update; its table is free again in the same transaction.
   */
  async function cancel(token: string): Promise<ManagedBooking> {
    const id = bookingOf(token);
    const { firm_id } = await firmOf(id);
    const { cancelHours } = await rulesOf(db, firm_id);
    const deadline = new Date(clock().getTime() + cancelHours * HOUR).toISOString();
    const cancelled = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('bookings')
        .set({ status: 'cancelled' })
        .where('id', '=', id)
        .where('status', 'in', LIVE_STATUSES)
        .where('starts_at', '>', deadline)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return null;
      await releaseHolds(trx, id);
      // within the deadline: a paid booking's money goes back
      return (await paid?.cancelled(trx, id, 'booker')) ?? (() => undefined);
    });
    await cancelled?.();
    if (cancelled) await changed(firm_id);
    const booking = await viewOf(id);
    if (cancelled) return booking;
    if (LIVE_STATUSES.includes(booking.status)) {
      throw new HttpError(409, 'The time to cancel this booking by its link has passed.', 'cancel_deadline');
    }
    throw new HttpError(409, 'This booking cannot take this action now.', 'booking_state');
  }

  /** Moves the booking to another free start until the firm's deadline; the team's desks read again. */
  async function move(token: string, startsAt: Date, language: Language): Promise<ManagedBooking> {
    const id = bookingOf(token);
    const { firmId } = await moveBooking(db, { id, startsAt, byBooker: true, language }, clock(), notices);
    await changed(firmId);
    return viewOf(id);
  }

  return { book, view, confirm, cancel, move, pay };
}
