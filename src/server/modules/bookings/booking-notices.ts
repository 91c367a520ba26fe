import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { jobsOf } from '../../lib/jobs';
import { icsFile } from '../../../shared/calendar';
import { bookingReference } from '../../../shared/bookings';
import { normalizeLanguage } from '../../../shared/i18n';
import { venueTime } from '../orders/order-notices';
import { bookingConfirmedMail } from './bookings.mails';

const CONFIRMED_MAIL_JOB = 'booking.confirmed-mail';

/** Runs what a committed transaction left to do (a job tried at once rather than at the next poll). */
export type AfterCommit = () => unknown;
/** Called inside the transaction that leaves a booking confirmed. */
export type OnConfirmed = (trx: Transaction<Database>, bookingId: string) => Promise<AfterCommit>;

/**
 * The booker's confirmation mail, in their language, with the booking as an iCalendar file. It is a
 * durable job written in the transaction that confirms the booking (at once, or when the team
 * confirms it), keyed by the booking so it goes once, and it is sent whatever process dies after
 * the commit (docs/decisions/027-durable-jobs-in-the-apps-database.md).
 */
export function createBookingNotices(deps: Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'logger' | 'env' | 'mail'>): OnConfirmed {
  const jobs = jobsOf(deps);

  async function sendConfirmation(bookingId: string): Promise<void> {
    const booking = await deps.db
      .selectFrom('bookings as b')
      .innerJoin('firms as f', 'f.id', 'b.firm_id')
      .innerJoin('booking_tables as t', 't.id', 'b.table_id')
      .leftJoin('users as u', 'u.id', 'b.user_id')
      .select([
        'b.id',
        'b.starts_at',
        'b.ends_at',
        'b.party',
        'b.status',
        'b.guest_name',
        'b.guest_email',
        'u.first_name',
        'u.language',
        'f.name as firmName',
        'f.username',
        'f.timezone',
        'f.address_line',
        'f.city',
        't.name as tableName',
      ])
      .where('b.id', '=', bookingId)
      .executeTakeFirst();
    // cancelled before the job ran (or gone): nothing to confirm
    if (!booking || booking.status !== 'confirmed' || !booking.guest_email) return;
    const language = normalizeLanguage(booking.language ?? 'en');
    const reference = bookingReference(booking.id);
    const url = `${deps.env.publicUrl}/profile/bookings`;
    const ics = icsFile(
      {
        uid: `booking-${booking.id}@souk`,
        name: booking.firmName,
        description: `${reference} · ${booking.party} · ${booking.tableName}`,
        start: booking.starts_at,
        end: booking.ends_at,
        location: [booking.address_line, booking.city].filter(Boolean).join(', '),
        url: `${deps.env.publicUrl}/${booking.username}`,
        timezone: booking.timezone,
      },
      deps.clock(),
    );
    await deps.mail.send({
      to: booking.guest_email,
      language,
      template: bookingConfirmedMail,
      params: {
        firstName: booking.first_name ?? booking.guest_name,
        firmName: booking.firmName,
        when: venueTime(booking.starts_at, booking.timezone, language),
        party: booking.party,
        table: booking.tableName,
        reference,
        url,
      },
      attachments: [{ filename: `booking-${reference}.ics`, content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
    });
  }

  jobs.define<{ bookingId: string }>(CONFIRMED_MAIL_JOB, ({ bookingId }) => sendConfirmation(bookingId));

  return async (trx, bookingId) => {
    const id = await jobs.enqueue(CONFIRMED_MAIL_JOB, { bookingId }, { db: trx, key: `booking-confirmed:${bookingId}` });
    return () => (id ? jobs.runNow(id) : undefined);
  };
}
