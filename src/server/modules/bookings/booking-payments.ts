import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { paymentsOf, type PaymentRow } from '../../lib/payments';
import { normalizeLanguage } from '../../../shared/i18n';
import { bookingReference, type BookingPayment } from '../../../shared/bookings';
import { publishBookingChange } from './booking-live';
import { type AfterCommit, createBookingNotices } from './booking-notices';
import { rulesOf } from './bookings.service';

/** the ledger's name for a booking's payments */
const SUBJECT = 'booking';
const HOUR = 60 * 60_000;
/** the payments that took money (all of it still there, or some given back) */
const TAKEN = ['succeeded', 'partially_refunded'];

type Executor = Kysely<Database> | Transaction<Database>;

/** Who cancels: the team always gives the money back; the booker only before the firm's deadline. */
export type CancelledBy = 'team' | 'booker';
/** Called in the transaction that cancels a booking: what gives its money back, once the transaction has committed. */
export type OnCancelled = (trx: Transaction<Database>, bookingId: string, by: CancelledBy) => Promise<AfterCommit | undefined>;

/**
 * What the booker is shown of each paid booking's payment, by booking id (a booking with nothing to
 * pay has none). A due booking's step is its latest attempt's while that is open.
 */
export async function bookingPayments(db: Executor, bookingIds: string[]): Promise<Map<string, BookingPayment>> {
  if (bookingIds.length === 0) return new Map();
  const bookings = await db
    .selectFrom('bookings')
    .select(['id', 'status', 'pay_minor', 'pay_currency', 'paid_at'])
    .where('id', 'in', bookingIds)
    .where('pay_minor', 'is not', null)
    .execute();
  if (bookings.length === 0) return new Map();
  const attempts = await db
    .selectFrom('payments')
    .select(['subject_id', 'status', 'redirect_url', 'amount_minor', 'refunded_minor'])
    .where('subject_type', '=', SUBJECT)
    .where(
      'subject_id',
      'in',
      bookings.map((booking) => booking.id),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(
    bookings.map((booking) => {
      const mine = attempts.filter((attempt) => attempt.subject_id === booking.id);
      const open = mine[0] && (mine[0].status === 'pending' || mine[0].status === 'failed') ? mine[0] : undefined;
      const taken = mine.find((attempt) => attempt.status !== 'pending' && attempt.status !== 'failed' && attempt.status !== 'canceled');
      return [
        booking.id,
        {
          amountMinor: booking.pay_minor!,
          currency: booking.pay_currency ?? '',
          state: stateOf(booking, taken),
          payUrl: !booking.paid_at && booking.status === 'pending' ? (open?.redirect_url ?? null) : null,
        },
      ];
    }),
  );
}

function stateOf(
  booking: { status: string; paid_at: string | null },
  taken: { status: string; amount_minor: number; refunded_minor: number } | undefined,
): NonNullable<BookingPayment>['state'] {
  if (!booking.paid_at) return booking.status === 'pending' ? 'due' : 'lapsed';
  return taken && taken.refunded_minor >= taken.amount_minor ? 'refunded' : 'paid';
}

const instances = new WeakMap<object, BookingPaymentFlow>();

/**
 * A paid service's booking through the payments ledger (it is the ledger's `booking` subject). The
 * booking is written first, holding its time with what it asks for (`pay_minor`) and the instant its
 * hold lapses unpaid (`confirm_by`, the visitor's lapse job frees it); then the provider's step is
 * opened. The payment's success confirms the booking once, in the ledger's transaction; a payment that
 * comes after the hold lapsed, or a second one, goes back by a durable refund job. Cancelling a paid
 * booking gives its money back in the cancelling transaction's job, by the firm's policy.
 */
export function bookingPaymentFlow(deps: AppDeps): BookingPaymentFlow {
  let flow = instances.get(deps.db);
  if (!flow) {
    flow = createBookingPaymentFlow(deps);
    instances.set(deps.db, flow);
  }
  return flow;
}

export type BookingPaymentFlow = ReturnType<typeof createBookingPaymentFlow>;

function createBookingPaymentFlow(deps: AppDeps) {
  const { db } = deps;
  const payments = paymentsOf(deps);
  const notices = createBookingNotices(deps);
  const now = () => deps.clock().toISOString();

  const attemptsOf = (bookingId: string) =>
    db
      .selectFrom('payments')
      .select(['id', 'status'])
      .where('subject_type', '=', SUBJECT)
      .where('subject_id', '=', bookingId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();

  /**
   * Opens the provider's step for a booking still due, unless its latest attempt is open: a booking
   * sent twice at once, or a page asked again, never starts a second payment beside an open one. A
   * provider that cannot be reached leaves the booking due, its step opened by the next ask.
   */
  async function open(bookingId: string, returnPath: string): Promise<void> {
    const booking = await db
      .selectFrom('bookings as b')
      .innerJoin('firms as f', 'f.id', 'b.firm_id')
      .leftJoin('booking_services as sv', 'sv.id', 'b.service_id')
      .leftJoin('users as u', 'u.id', 'b.user_id')
      .select(['b.pay_minor', 'b.pay_currency', 'b.paid_at', 'b.status', 'b.guest_email', 'b.language', 'u.language as userLanguage'])
      .select(['f.name as firmName', 'sv.name as serviceName'])
      .where('b.id', '=', bookingId)
      .executeTakeFirst();
    if (!booking?.pay_minor || !booking.pay_currency || booking.paid_at || booking.status !== 'pending') return;
    const attempts = await attemptsOf(bookingId);
    if (attempts[0] && attempts[0].status !== 'canceled') return;
    const reference = bookingReference(bookingId);
    try {
      await payments.start({
        subjectType: SUBJECT,
        subjectId: bookingId,
        reference,
        amountMinor: booking.pay_minor,
        currency: booking.pay_currency,
        description: [booking.firmName, booking.serviceName].filter(Boolean).join(' · '),
        returnPath,
        cancelPath: returnPath,
        language: normalizeLanguage(booking.language ?? booking.userLanguage ?? 'en'),
        customerEmail: booking.guest_email || undefined,
        metadata: { bookingId, reference },
        attemptKey: String(attempts.length + 1),
      });
    } catch (error) {
      deps.logger.warn({ err: error, booking: bookingId }, 'the payment step of a booking could not be opened');
    }
  }

  /**
   * The payer is back from the step (or asks again): the provider is asked where the latest attempt
   * stands (its webhook may not have come), and a step given up is opened afresh while the booking is due.
   */
  async function settle(bookingId: string, returnPath: string): Promise<void> {
    const [latest] = await attemptsOf(bookingId);
    if (latest && (latest.status === 'pending' || latest.status === 'failed')) {
      try {
        await payments.sync(latest.id);
      } catch (error) {
        deps.logger.warn({ err: error, booking: bookingId }, 'the payment of a booking could not be read from the provider');
      }
    }
    await open(bookingId, returnPath);
  }

  const refundLater = (trx: Transaction<Database>, payment: { id: string }, reason: string) =>
    payments.refundLater(trx, { paymentId: payment.id, reason, idempotencyKey: `${reason}:${payment.id}` });

  /**
   * The booking is paid: it stands (or waits for the team, when the firm confirms by hand) and no
   * longer lapses. A booking no longer held (lapsed, cancelled) or paid already gives this money back.
   */
  async function succeeded(trx: Transaction<Database>, payment: PaymentRow): Promise<AfterCommit | undefined> {
    const paid = await trx
      .updateTable('bookings')
      .set({ paid_at: now(), confirm_by: null })
      .where('id', '=', payment.subject_id)
      .where('paid_at', 'is', null)
      .where('status', 'in', ['pending', 'confirmed'])
      .executeTakeFirst();
    const booking = await trx.selectFrom('bookings').select(['firm_id', 'status']).where('id', '=', payment.subject_id).executeTakeFirst();
    if (!booking) return undefined;
    if (paid.numUpdatedRows === 0n) return refundLater(trx, payment, booking.status === 'cancelled' ? 'late_payment' : 'duplicate_payment');
    const changed = () => publishBookingChange(deps, booking.firm_id);
    if (booking.status !== 'pending' || (await rulesOf(trx, booking.firm_id)).confirmManually) return changed;
    await trx.updateTable('bookings').set({ status: 'confirmed' }).where('id', '=', payment.subject_id).execute();
    const told = await notices.confirmed(trx, payment.subject_id);
    return async () => {
      await told();
      await changed();
    };
  }

  payments.handle(SUBJECT, { succeeded });

  /**
   * A paid booking cancelled: its money goes back by a durable job written in the cancelling
   * transaction, all of it when the team cancels or the booker does before the firm's deadline;
   * later, the firm keeps it.
   */
  const cancelled: OnCancelled = async (trx, bookingId, by) => {
    const booking = await trx
      .selectFrom('bookings')
      .select(['firm_id', 'starts_at', 'paid_at'])
      .where('id', '=', bookingId)
      .executeTakeFirst();
    if (!booking?.paid_at) return undefined;
    if (by === 'booker') {
      const { cancelHours } = await rulesOf(trx, booking.firm_id);
      if (Date.parse(booking.starts_at) - cancelHours * HOUR <= deps.clock().getTime()) return undefined;
    }
    const taken = await trx
      .selectFrom('payments')
      .select('id')
      .where('subject_type', '=', SUBJECT)
      .where('subject_id', '=', bookingId)
      .where('status', 'in', TAKEN)
      .execute();
    const refunds: AfterCommit[] = [];
    for (const payment of taken) refunds.push(await refundLater(trx, payment, 'booking_cancelled'));
    return async () => {
      for (const refund of refunds) await refund();
    };
  };

  return { open, settle, cancelled };
}
