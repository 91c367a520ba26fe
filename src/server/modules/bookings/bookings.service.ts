import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { parseOpeningHours } from '../../../shared/firms';
import { slotStarts } from '../../../shared/booking-slots';
import { amountDueAtBooking, GUEST_HOLD_MINUTES, type BookingRules, type FreeSlots } from '../../../shared/bookings';
import type { Language } from '../../../shared/i18n';
import type { AfterCommit, BookingNotices } from './booking-notices';
import { type Holder, serviceOf, staffHolder, tableHolder } from './booking-holders';
import { closedRefusal, closuresOverlapping, publicClosure, wallInstant } from './booking-closures.service';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** what a firm that has not set its rules gets: a restaurant's usual */
export const DEFAULT_RULES: BookingRules = {
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

export interface BookingRequest extends BookingChoice {
  startsAt: Date;
  userId: string | null;
  guestName: string;
  guestEmail: string;
  /** a visitor's booking: the language of its mails, and the instant its hold lapses unless its link confirms it */
  byLink?: { language: Language; confirmBy: Date };
  /** a booking the team takes on the phone may carry a number */
  guestPhone?: string | null;
  /** taken by the team: a paid service is paid at the firm, not through the payment step */
  paidAtFirm?: boolean;
  /** the language a refusal's detail is worded in (the asker's) */
  language?: Language;
}

/** What a paid service's booking takes when it is made, in the firm's currency. */
interface AmountDue {
  amountMinor: number;
  currency: string;
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

export async function firmClock(db: Kysely<Database>, firmId: string) {
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

/** What is booked: a table for `party`, or a service (then `party` is 1) with a staff member or whoever of its staff is free. */
export interface BookingChoice {
  firmId: string;
  party: number;
  serviceId?: string;
  staffId?: string;
}

/** What a choice holds, and the rules it is booked by (a service's duration for the turn). */
export async function holderFor(db: Kysely<Database>, choice: BookingChoice, rules: Rules): Promise<Holder> {
  if (!choice.serviceId) return tableHolder(choice.firmId, choice.party, rules);
  return staffHolder(choice.firmId, await serviceOf(db, choice.firmId, choice.serviceId), choice.staffId, rules);
}

/** The firm's closures that touch its local day `date` (from its midnight to the next, whatever their length). */
function closuresOfDay(db: Kysely<Database>, firmId: string, date: string, timeZone: string) {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
  return closuresOverlapping(db, firmId, wallInstant(`${date}T00:00`, timeZone), wallInstant(`${next}T00:00`, timeZone));
}

/**
 * Starts on `date` (the firm's local day) within the rules' notice and horizon and whose whole turn
 * stays out of the firm's closures, whatever is booked.
 */
export async function openStarts(db: Kysely<Database>, firmId: string, date: string, rules: Rules, now: Date): Promise<Date[]> {
  const clock = await firmClock(db, firmId);
  const earliest = now.getTime() + rules.noticeMinutes * MINUTE;
  const latest = now.getTime() + rules.aheadDays * DAY;
  const closures = await closuresOfDay(db, firmId, date, clock.timeZone);
  return slotStarts({ date, ...clock, slotMinutes: rules.slotMinutes, turnMinutes: rules.turnMinutes }).filter(
    (at) => at.getTime() >= earliest && at.getTime() <= latest && !closures.some((closure) => overlaps(closure, at, rules)),
  );
}

const overlaps = (closure: { starts_at: string; ends_at: string }, start: Date, rules: Rules) =>
  Date.parse(closure.starts_at) < start.getTime() + rules.turnMinutes * MINUTE && Date.parse(closure.ends_at) > start.getTime();

/** A booking of a turn from `start` inside a closure is refused with the closure's (public) reason. */
async function assertOpen(db: Kysely<Database>, firmId: string, start: Date, rules: Rules, language: Language = 'en'): Promise<void> {
  const [closure] = await closuresOverlapping(db, firmId, start, new Date(start.getTime() + rules.turnMinutes * MINUTE));
  if (closure) throw closedRefusal(closure, language);
}

/** The starts on `date` at which some table with room for the party, or some staff member of the service, is free throughout. */
export async function freeSlots(db: Kysely<Database>, choice: BookingChoice, date: string, now: Date): Promise<Date[]> {
  const rules = await rulesOf(db, choice.firmId);
  if (!choice.serviceId && choice.party > rules.largestParty) return [];
  const holder = await holderFor(db, choice, rules);
  const starts = await openStarts(db, choice.firmId, date, holder.rules, now);
  const resources = await holder.candidates(db);
  if (starts.length === 0 || resources.length === 0) return [];
  const taken = await holder.held(db, resources, [...new Set(starts.flatMap((start) => holder.points(start)))]);
  return starts.filter((start) => resources.some((resource) => holder.points(start).every((point) => !taken.has(`${resource} ${point}`))));
}

/** The free starts of a day with what the picker shows beside them: the firm's zone and its limits. */
export async function slotOffer(db: Kysely<Database>, choice: BookingChoice, date: string, now: Date): Promise<FreeSlots> {
  const { firmId } = choice;
  const { timeZone } = await firmClock(db, firmId);
  const rules = await rulesOf(db, firmId);
  const free = await freeSlots(db, choice, date, now);
  return {
    timeZone,
    date,
    party: choice.party,
    largestParty: rules.largestParty,
    aheadDays: rules.aheadDays,
    slots: free.map((at) => at.toISOString()),
    closures: (await closuresOfDay(db, firmId, date, timeZone)).map(publicClosure),
  };
}

class ResourceTaken extends Error {}

/** What a try at one resource writes besides its holds: the booking's row first, then what the booker hears. */
export interface HoldWrite {
  /** writes (or moves) the booking onto the resource (a table, a staff member): its id */
  booking(trx: Transaction<Database>, resource: { column: Holder['column']; id: string }): Promise<string>;
  /** runs after the holds are taken, in the same transaction */
  notices(trx: Transaction<Database>, bookingId: string): Promise<AfterCommit | undefined>;
}

/**
 * Takes the first resource (the smallest table with room, a staff member of the service) free for the
 * whole booking. Each try writes the booking and its holds in one transaction; a hold another booking
 * already has inserts nothing, and the try is rolled back, so of any number of people racing for one
 * table or one staff member's time exactly one gets it. The booking's id, or null when none is free.
 */
export async function takeAHold(db: Kysely<Database>, startsAt: Date, holder: Holder, write: HoldWrite): Promise<string | null> {
  const points = holder.points(startsAt);
  for (const resource of await holder.candidates(db)) {
    try {
      const { id, afterCommit } = await db.transaction().execute(async (trx) => {
        const id = await write.booking(trx, { column: holder.column, id: resource });
        if ((await holder.take(trx, resource, points, id)) !== points.length) throw new ResourceTaken();
        return { id, afterCommit: await write.notices(trx, id) };
      });
      await afterCommit?.();
      return id;
    } catch (error) {
      if (!(error instanceof ResourceTaken)) throw error;
    }
  }
  return null;
}

/** The deposit or price a service's booking takes through the payment provider; null: nothing to pay. */
async function amountDue(db: Kysely<Database>, request: BookingRequest): Promise<AmountDue | null> {
  if (!request.serviceId || request.paidAtFirm) return null;
  const row = await db
    .selectFrom('booking_services as sv')
    .innerJoin('firms as f', 'f.id', 'sv.firm_id')
    .select(['sv.price_minor', 'sv.deposit_minor', 'f.currency'])
    .where('sv.id', '=', request.serviceId)
    .where('sv.firm_id', '=', request.firmId)
    .executeTakeFirst();
  const amountMinor = row ? amountDueAtBooking({ priceMinor: row.price_minor, depositMinor: row.deposit_minor }) : 0;
  return row && amountMinor > 0 ? { amountMinor, currency: row.currency } : null;
}

/**
 * Writes the booking with its holds. A visitor's booking and a booking to pay wait (`pending`) until
 * `confirm_by`: then the lapse job frees them unless the link or the payment confirmed them.
 */
function hold(
  db: Kysely<Database>,
  request: BookingRequest,
  holder: Holder,
  due: AmountDue | null,
  now: Date,
  notices?: BookingNotices,
): Promise<string | null> {
  const { rules } = holder;
  const confirmBy = request.byLink?.confirmBy ?? (due ? new Date(now.getTime() + GUEST_HOLD_MINUTES * MINUTE) : null);
  return takeAHold(db, request.startsAt, holder, {
    async booking(trx, resource) {
      const id = randomId();
      await trx
        .insertInto('bookings')
        .values({
          id,
          firm_id: request.firmId,
          [resource.column]: resource.id,
          service_id: request.serviceId ?? null,
          starts_at: request.startsAt.toISOString(),
          ends_at: new Date(request.startsAt.getTime() + rules.turnMinutes * MINUTE).toISOString(),
          party: request.serviceId ? 1 : request.party,
          user_id: request.userId,
          guest_name: request.guestName,
          guest_email: request.guestEmail,
          guest_phone: request.guestPhone ?? null,
          status: rules.confirmManually || confirmBy ? 'pending' : 'confirmed',
          created_at: now.toISOString(),
          confirm_by: confirmBy?.toISOString() ?? null,
          language: request.byLink?.language ?? null,
          pay_minor: due?.amountMinor ?? null,
          pay_currency: due?.currency ?? null,
        })
        .execute();
      return id;
    },
    async notices(trx, id) {
      if (request.byLink) return notices?.awaitingLink(trx, id);
      if (due) return notices?.awaitingPayment(trx, id);
      if (!rules.confirmManually) return notices?.confirmed(trx, id);
    },
  });
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
  if (!request.serviceId && request.party > rules.largestParty) throw refused('party_too_large', []);
  const holder = await holderFor(db, request, rules);
  const taken = await assertBookable(db, { ...request, rules: holder.rules }, now);
  const id = await hold(db, request, holder, await amountDue(db, request), now, notices);
  if (!id) throw await taken();
  return { id };
}

/**
 * Refuses a start inside a closure (worded in the asker's language) or that is not one of the day's
 * open starts, by the rules of what is booked; else gives the refusal to throw when every table or
 * staff member turns out taken.
 */
export async function assertBookable(
  db: Kysely<Database>,
  at: BookingChoice & { startsAt: Date; language?: Language; rules: Rules },
  now: Date,
): Promise<() => Promise<HttpError>> {
  const { rules } = at;
  const { timeZone } = await firmClock(db, at.firmId);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone }).format(at.startsAt);
  const next = async () => (await freeSlots(db, at, date, now)).filter((start) => start > at.startsAt).slice(0, 3);
  await assertOpen(db, at.firmId, at.startsAt, rules, at.language);
  const starts = await openStarts(db, at.firmId, date, rules, now);
  if (!starts.some((start) => start.getTime() === at.startsAt.getTime())) throw refused('not_a_slot', await next());
  return async () => refused('slot_taken', await next());
}

export function refused(reason: string, nextSlots: Date[]): HttpError {
  const error = new HttpError(409, 'This time cannot be booked.', reason);
  error.extensions = { nextSlots: nextSlots.map((at) => at.toISOString()) };
  return error;
}

/** A signed-in member books in their own name and email. */
export async function bookAsMember(
  db: Kysely<Database>,
  userId: string,
  choice: Pick<BookingRequest, 'firmId' | 'startsAt' | 'party' | 'language' | 'serviceId' | 'staffId'>,
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
