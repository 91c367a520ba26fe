import { TZDate } from '@date-fns/tz';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import type { Closure, ClosureInput, PublicClosure } from '../../../shared/bookings';
import type { Language } from '../../../shared/i18n';

type Executor = Pick<Kysely<Database>, 'selectFrom'>;

/** The instant a wall-clock time (`2026-12-24T18:00`) of `timeZone` names; a time a spring change skips moves on by the gap. */
export function wallInstant(wall: string, timeZone: string): Date {
  const [date, time] = wall.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime());
}

/** The firm's closures that overlap [from, to), the earliest first. */
export function closuresOverlapping(db: Executor, firmId: string, from: Date, to: Date) {
  return db
    .selectFrom('booking_closures')
    .select(['id', 'starts_at', 'ends_at', 'reason', 'reason_public'])
    .where('firm_id', '=', firmId)
    .where('ends_at', '>', from.toISOString())
    .where('starts_at', '<', to.toISOString())
    .orderBy('starts_at')
    .execute();
}
type ClosureRow = Awaited<ReturnType<typeof closuresOverlapping>>[number];

export const publicClosure = (row: ClosureRow): PublicClosure => ({
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  reason: row.reason_public === 1 ? row.reason : null,
});

const CLOSED: Record<Language, { plain: string; because: string }> = {
  en: {
    plain: 'The business is closed at this time. Choose another day or time.',
    because: 'The business is closed at this time ({reason}). Choose another day or time.',
  },
  fr: {
    plain: 'L’établissement est fermé à cette heure. Choisissez un autre jour ou une autre heure.',
    because: 'L’établissement est fermé à cette heure ({reason}). Choisissez un autre jour ou une autre heure.',
  },
  ar: {
    plain: 'المحل مغلق في هذا الوقت. اختر يومًا أو وقتًا آخر.',
    because: 'المحل مغلق في هذا الوقت ({reason}). اختر يومًا أو وقتًا آخر.',
  },
};

/**
 * The refusal of a booking (or a move) into a closure, worded in the asker's language: the reason
 * is named only when the firm made it public.
 */
export function closedRefusal(closure: ClosureRow, language: Language): HttpError {
  const { reason } = publicClosure(closure);
  const texts = CLOSED[language];
  // an isolate keeps a reason in another script from reordering the sentence around it
  const detail = reason === null ? texts.plain : texts.because.replace('{reason}', `\u2068${reason}\u2069`);
  const error = new HttpError(409, detail, 'closed');
  error.extensions = { nextSlots: [] };
  return error;
}

export const toClosure = (row: ClosureRow): Closure => ({
  id: row.id,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  reason: row.reason,
  reasonPublic: row.reason_public === 1,
});

/** The closures the team sets in the workspace's bookings settings. */
export function createBookingClosureService(db: Kysely<Database>, clock: () => Date) {
  async function timeZoneOf(firmId: string): Promise<string> {
    const firm = await db.selectFrom('firms').select('timezone').where('id', '=', firmId).executeTakeFirstOrThrow();
    return firm.timezone;
  }

  /** The closures that have not ended yet, the soonest first. */
  async function upcoming(firmId: string): Promise<Closure[]> {
    const rows = await db
      .selectFrom('booking_closures')
      .select(['id', 'starts_at', 'ends_at', 'reason', 'reason_public'])
      .where('firm_id', '=', firmId)
      .where('ends_at', '>', clock().toISOString())
      .orderBy('starts_at')
      .execute();
    return rows.map(toClosure);
  }

  /**
   * Saves a closure, its wall-clock bounds turned into instants in the firm's zone. Bookings already
   * inside it stand: the team sees them beside the closure and moves or cancels them.
   */
  async function add(firmId: string, input: ClosureInput): Promise<Closure> {
    const timeZone = await timeZoneOf(firmId);
    const row = {
      id: randomId(),
      firm_id: firmId,
      starts_at: wallInstant(input.from, timeZone).toISOString(),
      ends_at: wallInstant(input.to, timeZone).toISOString(),
      reason: input.reason,
      reason_public: input.reasonPublic ? 1 : 0,
      created_at: clock().toISOString(),
    };
    if (row.ends_at <= row.starts_at)
      throw new HttpError(400, 'A closure must end after it starts.', 'validation', { to: ['validation.range'] });
    await db.insertInto('booking_closures').values(row).execute();
    return toClosure(row);
  }

  async function remove(firmId: string, id: string): Promise<void> {
    const result = await db.deleteFrom('booking_closures').where('id', '=', id).where('firm_id', '=', firmId).executeTakeFirst();
    if (result.numDeletedRows === 0n) throw notFound('Closure not found.');
  }

  return { upcoming, add, remove };
}
