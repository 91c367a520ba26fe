import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { jobsOf } from '../../lib/jobs';
import { icsFile } from '../../../shared/calendar';
import { bookingReference, GUEST_HOLD_MINUTES } from '../../../shared/bookings';
import { normalizeLanguage } from '../../../shared/i18n';
import { venueTime } from '../orders/order-notices';
import { createBookingLinks } from './booking-links';
import { bookingConfirmedMail, bookingLinkMail, bookingMovedMail, bookingReminderMail } from './bookings.mails';
import { rulesOf } from './bookings.service';
import { releaseHolds } from './booking-holders';

const CONFIRMED_MAIL_JOB = 'booking.confirmed-mail';
const LINK_MAIL_JOB = 'booking.link-mail';
const HOLD_LAPSE_JOB = 'booking.hold-lapse';
const REMINDER_JOB = 'booking.reminder';
const MOVED_MAIL_JOB = 'booking.moved-mail';
const HOUR = 60 * 60_000;

/** Runs what a committed transaction left to do (a job tried at once rather than at the next poll). */
export type AfterCommit = () => unknown;
/** Called inside the transaction that leaves a booking in a state its booker hears of. */
export type OnConfirmed = (trx: Transaction<Database>, bookingId: string) => Promise<AfterCommit>;

export interface BookingNotices {
  /** the booking is confirmed: its mail with the calendar file, and its reminder */
  confirmed: OnConfirmed;
  /** a visitor's booking holds its table: the mail with the link that confirms it, and the lapse of the hold */
  awaitingLink: OnConfirmed;
  /** the booking has a new time: its mail with the calendar file again, and the reminder of the new time */
  moved: OnConfirmed;
  /** a member's paid booking holds its time until it is paid: the lapse of the hold */
  awaitingPayment: OnConfirmed;
}

type Executor = Kysely<Database> | Transaction<Database>;

function mailView(db: Executor, bookingId: string) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('firms as f', 'f.id', 'b.firm_id')
    .leftJoin('booking_tables as t', 't.id', 'b.table_id')
    .leftJoin('booking_services as sv', 'sv.id', 'b.service_id')
    .leftJoin('employments as e', 'e.id', 'b.staff_id')
    .leftJoin('users as su', 'su.id', 'e.user_id')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.firm_id',
      'b.starts_at',
      'b.ends_at',
      'b.party',
      'b.status',
      'b.guest_name',
      'b.guest_email',
      'b.language',
      'u.first_name',
      'u.language as userLanguage',
      'f.name as firmName',
      'f.username',
      'f.timezone',
      'f.address_line',
      'f.city',
      't.name as tableName',
      'sv.name as serviceName',
      'su.first_name as staffFirstName',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
}
type MailView = NonNullable<Awaited<ReturnType<typeof mailView>>>;

/** A service's booking as its mails name it: the service and who gives it; null for a table's. */
const serviceLine = (booking: MailView) => (booking.serviceName ? `${booking.serviceName} · ${booking.staffFirstName ?? ''}` : null);

/** What the booking holds, as its calendar file names it: the table, or the service and who gives it. */
const heldBy = (booking: MailView) => booking.tableName ?? serviceLine(booking) ?? '';

/**
 * The booker's mails, in their language, each with the booking's signed link: the link that confirms
 * a visitor's booking, the confirmation with an iCalendar file, the reminder. Each is a durable job
 * written in the transaction that calls for it, keyed by the booking so it goes once, and sent
 * whatever process dies after the commit (docs/decisions/027-durable-jobs-in-the-apps-database.md).
 * A visitor's unconfirmed hold lapses by a job of its own (docs/decisions/046-bookings-by-link.md).
 */
export function createBookingNotices(
  deps: Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'logger' | 'env' | 'mail' | 'secrets'>,
): BookingNotices {
  const jobs = jobsOf(deps);
  const links = createBookingLinks(deps.secrets.refreshKey, deps.env.publicUrl);

  const lines = (booking: MailView) => {
    const language = normalizeLanguage(booking.language ?? booking.userLanguage ?? 'en');
    return {
      language,
      params: {
        firstName: booking.first_name ?? booking.guest_name,
        firmName: booking.firmName,
        when: venueTime(booking.starts_at, booking.timezone, language),
        party: booking.party,
        reference: bookingReference(booking.id),
        url: links.url(booking.id),
        service: serviceLine(booking),
      },
    };
  };

  /** The booking as a calendar file: the same UID every time, so a calendar updates it when it moves. */
  function calendarFile(booking: MailView, reference: string) {
    const ics = icsFile(
      {
        uid: `booking-${booking.id}@souk`,
        name: booking.firmName,
        description: `${reference} · ${booking.party} · ${heldBy(booking)}`,
        start: booking.starts_at,
        end: booking.ends_at,
        location: [booking.address_line, booking.city].filter(Boolean).join(', '),
        url: `${deps.env.publicUrl}/${booking.username}`,
        timezone: booking.timezone,
      },
      deps.clock(),
    );
    return { filename: `booking-${reference}.ics`, content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
  }

  /** What the confirmation and the move say beside the booking's lines: its table and the deadline of its link. */
  async function standingLines(booking: MailView) {
    const { language, params } = lines(booking);
    const { cancelHours } = await rulesOf(deps.db, booking.firm_id);
    const cancelUntil = new Date(Date.parse(booking.starts_at) - cancelHours * HOUR).toISOString();
    return {
      language,
      params: { ...params, table: booking.tableName ?? '', cancelUntil: venueTime(cancelUntil, booking.timezone, language) },
      attachments: [calendarFile(booking, params.reference)],
    };
  }

  async function sendConfirmation(bookingId: string): Promise<void> {
    const booking = await mailView(deps.db, bookingId);
    // cancelled before the job ran (or gone): nothing to confirm
    if (!booking || booking.status !== 'confirmed' || !booking.guest_email) return;
    await deps.mail.send({ to: booking.guest_email, template: bookingConfirmedMail, ...(await standingLines(booking)) });
  }

  /** The new time, unless the booking was cancelled or moved again since (the later move's mail says it). */
  async function sendMoved({ bookingId, startsAt }: { bookingId: string; startsAt: string }): Promise<void> {
    const booking = await mailView(deps.db, bookingId);
    if (!booking || !['pending', 'confirmed'].includes(booking.status) || booking.starts_at !== startsAt || !booking.guest_email) return;
    await deps.mail.send({ to: booking.guest_email, template: bookingMovedMail, ...(await standingLines(booking)) });
  }

  async function sendLink(bookingId: string): Promise<void> {
    const booking = await mailView(deps.db, bookingId);
    if (!booking || booking.status !== 'pending') return;
    const { language, params } = lines(booking);
    await deps.mail.send({
      to: booking.guest_email,
      language,
      template: bookingLinkMail,
      params: { ...params, minutes: GUEST_HOLD_MINUTES },
    });
  }

  /**
   * Frees the table of a visitor's booking its link did not confirm in time (or a booking not paid in time). Run early (another
   * clock), it fails and is tried again; a booking confirmed meanwhile is left alone.
   */
  async function lapse(bookingId: string): Promise<void> {
    const nowIso = deps.clock().toISOString();
    const lapsed = await deps.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('bookings')
        .set({ status: 'cancelled' })
        .where('id', '=', bookingId)
        .where('status', '=', 'pending')
        .where('confirm_by', '<=', nowIso)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await releaseHolds(trx, bookingId);
      return true;
    });
    if (lapsed) return;
    const waiting = await deps.db
      .selectFrom('bookings')
      .select('id')
      .where('id', '=', bookingId)
      .where('status', '=', 'pending')
      .where('confirm_by', '>', nowIso)
      .executeTakeFirst();
    if (waiting) throw new Error('the hold has not lapsed yet');
  }

  /**
   * The reminder goes once: marking the booking reminded and writing the mail are one transaction,
   * so a second run (a crash, another instance) finds it marked. A booking cancelled or moved since
   * the job was written is not reminded of: the job names the start it was written for.
   */
  async function remind({ bookingId, startsAt }: { bookingId: string; startsAt: string }): Promise<void> {
    await deps.db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('bookings')
        .set({ reminded_at: deps.clock().toISOString() })
        .where('id', '=', bookingId)
        .where('status', '=', 'confirmed')
        .where('starts_at', '=', startsAt)
        .where('reminded_at', 'is', null)
        .executeTakeFirst();
      if (marked.numUpdatedRows === 0n) return;
      const booking = (await mailView(trx, bookingId))!;
      const { language, params } = lines(booking);
      await deps.mail.send({ to: booking.guest_email, language, template: bookingReminderMail, params, within: trx });
    });
  }

  jobs.define<{ bookingId: string }>(CONFIRMED_MAIL_JOB, ({ bookingId }) => sendConfirmation(bookingId));
  jobs.define<{ bookingId: string }>(LINK_MAIL_JOB, ({ bookingId }) => sendLink(bookingId));
  jobs.define<{ bookingId: string }>(HOLD_LAPSE_JOB, ({ bookingId }) => lapse(bookingId), { retryDelaysMs: [10_000, 60_000, 300_000] });
  jobs.define<{ bookingId: string; startsAt: string }>(REMINDER_JOB, remind);
  jobs.define<{ bookingId: string; startsAt: string }>(MOVED_MAIL_JOB, sendMoved);

  /** The reminder's job, due the firm's hours before the start; none when that moment has passed. */
  async function scheduleReminder(trx: Transaction<Database>, bookingId: string): Promise<void> {
    const booking = await trx.selectFrom('bookings').select(['firm_id', 'starts_at']).where('id', '=', bookingId).executeTakeFirstOrThrow();
    const { reminderHours } = await rulesOf(trx, booking.firm_id);
    if (reminderHours === null) return;
    const delayMs = Date.parse(booking.starts_at) - reminderHours * HOUR - deps.clock().getTime();
    if (delayMs <= 0) return;
    await jobs.enqueue(
      REMINDER_JOB,
      { bookingId, startsAt: booking.starts_at },
      { db: trx, delayMs, key: `booking-reminder:${bookingId}:${booking.starts_at}` },
    );
  }

  /** The job that frees the booking's time unless it was confirmed (by its link, its payment) when its hold ends. */
  const scheduleLapse = (trx: Transaction<Database>, bookingId: string) =>
    jobs.enqueue(HOLD_LAPSE_JOB, { bookingId }, { db: trx, delayMs: GUEST_HOLD_MINUTES * 60_000, key: `booking-lapse:${bookingId}` });

  return {
    async confirmed(trx, bookingId) {
      await scheduleReminder(trx, bookingId);
      const id = await jobs.enqueue(CONFIRMED_MAIL_JOB, { bookingId }, { db: trx, key: `booking-confirmed:${bookingId}` });
      return () => (id ? jobs.runNow(id) : undefined);
    },
    /**
     * The reminder is planned again for the new start; the old start's job finds the booking no longer
     * there when it comes due and sends nothing (docs/decisions/057-moving-a-booking.md).
     */
    async moved(trx, bookingId) {
      const { status, starts_at } = await trx
        .selectFrom('bookings')
        .select(['status', 'starts_at'])
        .where('id', '=', bookingId)
        .executeTakeFirstOrThrow();
      if (status === 'confirmed') await scheduleReminder(trx, bookingId);
      const id = await jobs.enqueue(
        MOVED_MAIL_JOB,
        { bookingId, startsAt: starts_at },
        { db: trx, key: `booking-moved:${bookingId}:${starts_at}` },
      );
      return () => (id ? jobs.runNow(id) : undefined);
    },
    async awaitingPayment(trx, bookingId) {
      await scheduleLapse(trx, bookingId);
      return () => undefined;
    },
    async awaitingLink(trx, bookingId) {
      await scheduleLapse(trx, bookingId);
      const id = await jobs.enqueue(LINK_MAIL_JOB, { bookingId }, { db: trx, key: `booking-link:${bookingId}` });
      return () => (id ? jobs.runNow(id) : undefined);
    },
  };
}
