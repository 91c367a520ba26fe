import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { parseOpeningHours } from '../../../shared/firms';
import { slotStarts } from '../../../shared/booking-slots';
import type { BookingRules, FreeSlots } from '../../../shared/bookings';
import type { Language } from '../../../shared/i18n';
import type { BookingNotices } from './booking-notices';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** what a firm that has not set its rules gets: a restaurant's usual */
const DEFAULT_RULES: BookingRules = {
  slotMinutes: 30,
  turnMinutes: 90,
  aheadDays: 60,
  noticeMinutes: 60,
  largestParty: 8,
  confirmManually: false,
  cancelHours: 0,
  reminderHours: 24,
};
type Rules = BookingRules;

export interface BookingRequest {
  firmId: string;
  startsAt: Date;
  party: number;
  userId: string | null;
  guestName: string;
  guestEmail: string;
  /** a visitor's booking: the language of its mails, and the instant its hold lapses unless its link confirms it */
  byLink?: { language: Language; confirmBy: Date };
  /** a booking the team takes on the phone may carry a number */
  guestPhone?: string | null;
}

export async function rulesOf(db: Kysely<Database>, firmId: string): Promise<Rules> {
  const row = await db.selectFrom('booking_rules').selectAll().where('firm_id', '=', firmId).executeTakeFirst();
  if (!row) return DEFAULT_RULES;
  return {
    slotMinutes: row.slot_minutes as Rules['slotMinutes'],
    turnMinutes: row.turn_minutes,
    aheadDays: row.ahead_days,
    noticeMinutes: row.notice_minutes,
    largestParty: row.largest_party,
    confirmManually: row.confirm_manually === 1,
    cancelHours: row.cancel_hours,
    reminderHours: row.reminder_hours,
  };
}

async function firmClock(db: Kysely<Database>, firmId: string) {
  // a firm that is not active (unpublished, suspended) takes no bookings
  const firm = await db
    .selectFrom('firms')
    .select(['opening_hours', 'timezone'])
    .where('id', '=', firmId)
    .where('status_code', '=', 1)
    .executeTakeFirst();
  if (!firm) throw notFound('No such firm.');
  return { hours: parseOpeningHours(firm.opening_hours), timeZone: firm.timezone };
}

/** The grid points a table holds from `start` for one turn: two bookings collide exactly when they share one. */
function heldSlots(start: Date, rules: Rules): string[] {
  return Array.from({ length: Math.ceil(rules.turnMinutes / rules.slotMinutes) }, (_, i) =>
    new Date(start.getTime() + i * rules.slotMinutes * MINUTE).toISOString(),
  );
}

/** Starts on `date` (the firm's local day) within the rules' notice and horizon, whatever is booked. */
async function openStarts(db: Kysely<Database>, firmId: string, date: string, rules: Rules, now: Date): Promise<Date[]> {
  const clock = await firmClock(db, firmId);
  const earliest = now.getTime() + rules.noticeMinutes * MINUTE;
  const latest = now.getTime() + rules.aheadDays * DAY;
  return slotStarts({ date, ...clock, slotMinutes: rules.slotMinutes, turnMinutes: rules.turnMinutes }).filter(
    (at) => at.getTime() >= earliest && at.getTime() <= latest,
  );
}

/** The starts on `date` at which some table with room for `party` is free for a whole turn. */
export async function freeSlots(db: Kysely<Database>, firmId: string, date: string, party: number, now: Date): Promise<Date[]> {
  const rules = await rulesOf(db, firmId);
  if (party > rules.largestParty) return [];
  const starts = await openStarts(db, firmId, date, rules, now);
  const tables = await db.selectFrom('booking_tables').select('id').where('firm_id', '=', firmId).where('seats', '>=', party).execute();
  if (starts.length === 0 || tables.length === 0) return [];
  const held = await db
    .selectFrom('booking_holds')
    .select(['table_id', 'slot_at'])
    .where(
      'table_id',
      'in',
      tables.map((table) => table.id),
    )
    .where('slot_at', 'in', [...new Set(starts.flatMap((start) => heldSlots(start, rules)))])
    .execute();
  const taken = new Set(held.map((hold) => `${hold.table_id} ${hold.slot_at}`));
  return starts.filter((start) => tables.some((table) => heldSlots(start, rules).every((slot) => !taken.has(`${table.id} ${slot}`))));
}

/** The free starts of a day with what the picker shows beside them: the firm's zone and its limits. */
export async function slotOffer(db: Kysely<Database>, firmId: string, date: string, party: number, now: Date): Promise<FreeSlots> {
  const { timeZone } = await firmClock(db, firmId);
  const rules = await rulesOf(db, firmId);
  const free = await freeSlots(db, firmId, date, party, now);
  return {
    timeZone,
    date,
    party,
    largestParty: rules.largestParty,
    aheadDays: rules.aheadDays,
    slots: free.map((at) => at.toISOString()),
  };
}

class TableTaken extends Error {}

/**
 * Takes the smallest table with room that is free for the whole turn. Each try writes the booking and
 * its holds in one transaction; a hold another booking already has inserts nothing, and the try is
 * rolled back, so of any number of people racing for one table exactly one gets it.
 */
async function holdATable(
  db: Kysely<Database>,
  request: BookingRequest,
  rules: Rules,
  now: Date,
  notices?: BookingNotices,
): Promise<string | null> {
  const tables = await db
    .selectFrom('booking_tables')
    .select('id')
    .where('firm_id', '=', request.firmId)
    .where('seats', '>=', request.party)
    .orderBy('seats')
    .orderBy('id')
    .execute();
  const slots = heldSlots(request.startsAt, rules);
  for (const table of tables) {
    const id = randomId();
    try {
      const afterCommit = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('bookings')
          .values({
            id,
            firm_id: request.firmId,
            table_id: table.id,
            starts_at: request.startsAt.toISOString(),
            ends_at: new Date(request.startsAt.getTime() + rules.turnMinutes * MINUTE).toISOString(),
            party: request.party,
            user_id: request.userId,
            guest_name: request.guestName,
            guest_email: request.guestEmail,
            guest_phone: request.guestPhone ?? null,
            status: rules.confirmManually || request.byLink ? 'pending' : 'confirmed',
            created_at: now.toISOString(),
            confirm_by: request.byLink?.confirmBy.toISOString() ?? null,
            language: request.byLink?.language ?? null,
          })
          .execute();
        const result = await trx
          .insertInto('booking_holds')
          .values(slots.map((slot_at) => ({ table_id: table.id, slot_at, booking_id: id })))
          .onConflict((conflict) => conflict.columns(['table_id', 'slot_at']).doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) !== slots.length) throw new TableTaken();
        if (request.byLink) return notices?.awaitingLink(trx, id);
        if (!rules.confirmManually) return notices?.confirmed(trx, id);
      });
      await afterCommit?.();
      return id;
    } catch (error) {
      if (!(error instanceof TableTaken)) throw error;
    }
  }
  return null;
}

/**
 * A booking, or a 409 problem naming why and offering the next free starts of that day.
 * `notices` run in the booking's transaction (its mails).
 */
export async function createBooking(
  db: Kysely<Database>,
  request: BookingRequest,
  now: Date,
  notices?: BookingNotices,
): Promise<{ id: string }> {
  const rules = await rulesOf(db, request.firmId);
  if (request.party > rules.largestParty) throw refused('party_too_large', []);
  const clock = await firmClock(db, request.firmId);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: clock.timeZone }).format(request.startsAt);
  const starts = await openStarts(db, request.firmId, date, rules, now);
  const next = async () =>
    (await freeSlots(db, request.firmId, date, request.party, now)).filter((at) => at > request.startsAt).slice(0, 3);
  if (!starts.some((at) => at.getTime() === request.startsAt.getTime())) throw refused('not_a_slot', await next());
  const id = await holdATable(db, request, rules, now, notices);
  if (!id) throw refused('slot_taken', await next());
  return { id };
}

function refused(reason: string, nextSlots: Date[]): HttpError {
  const error = new HttpError(409, 'This time cannot be booked.', reason);
  error.extensions = { nextSlots: nextSlots.map((at) => at.toISOString()) };
  return error;
}

/** A signed-in member books in their own name and email. */
export async function bookAsMember(
  db: Kysely<Database>,
  userId: string,
  choice: Pick<BookingRequest, 'firmId' | 'startsAt' | 'party'>,
  now: Date,
  notices?: BookingNotices,
): Promise<{ id: string }> {
  const member = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return createBooking(
    db,
    { ...choice, userId, guestName: `${member.first_name} ${member.last_name}`.trim(), guestEmail: member.email ?? '' },
    now,
    notices,
  );
}
