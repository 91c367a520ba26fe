import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { assertFeatureEnabled } from '../../lib/plans';
import type { BookingRules, BookingSetup, BookingTable, BookingTableInput } from '../../../shared/bookings';
import { rulesOf } from './bookings.service';
import { LIVE_STATUSES } from './booking-status';
import { servicesOf, teamOf } from './booking-services.service';

const rulesRow = (rules: BookingRules) => ({
  slot_minutes: rules.slotMinutes,
  turn_minutes: rules.turnMinutes,
  ahead_days: rules.aheadDays,
  notice_minutes: rules.noticeMinutes,
  largest_party: rules.largestParty,
  confirm_manually: rules.confirmManually ? 1 : 0,
  cancel_hours: rules.cancelHours,
  reminder_hours: rules.reminderHours,
});

/** What a firm offers for booking: its tables, services and rules, as the workspace sets them up. */
export function createBookingSetupService(db: Kysely<Database>, clock: () => Date) {
  async function tables(firmId: string): Promise<BookingTable[]> {
    return db
      .selectFrom('booking_tables')
      .select(['id', 'name', 'seats'])
      .where('firm_id', '=', firmId)
      .orderBy('seats')
      .orderBy('name')
      .execute();
  }

  async function setup(firmId: string): Promise<BookingSetup> {
    const { currency } = await db.selectFrom('firms').select('currency').where('id', '=', firmId).executeTakeFirstOrThrow();
    return {
      tables: await tables(firmId),
      services: await servicesOf(db, firmId),
      team: await teamOf(db, firmId),
      currency,
      rules: await rulesOf(db, firmId),
    };
  }

  /** The first table turns bookings on, so a plan without bookings cannot add one. */
  async function addTable(firmId: string, input: BookingTableInput): Promise<BookingTable> {
    await assertFeatureEnabled(db, firmId, 'BOOKINGS', clock());
    const row = { id: randomId(), firm_id: firmId, name: input.name, seats: input.seats, created_at: clock().toISOString() };
    await db.insertInto('booking_tables').values(row).execute();
    return { id: row.id, name: row.name, seats: row.seats };
  }

  /**
   * Removes a table that holds no booking still to come: removing it would take its bookings with
   * it (they reference the table), so those have to be cancelled first. One conditional delete, so a
   * booking made meanwhile is never lost.
   */
  async function removeTable(firmId: string, id: string): Promise<void> {
    const nowIso = clock().toISOString();
    const result = await db
      .deleteFrom('booking_tables')
      .where('id', '=', id)
      .where('firm_id', '=', firmId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('bookings')
              .select('bookings.id')
              .whereRef('bookings.table_id', '=', 'booking_tables.id')
              .where('bookings.status', 'in', LIVE_STATUSES)
              .where('bookings.ends_at', '>', nowIso),
          ),
        ),
      )
      .executeTakeFirst();
    if (result.numDeletedRows > 0n) return;
    const exists = await db.selectFrom('booking_tables').select('id').where('id', '=', id).where('firm_id', '=', firmId).executeTakeFirst();
    if (!exists) throw notFound('Table not found.');
    throw new HttpError(409, 'This table has bookings to come: cancel them first.', 'table_booked');
  }

  /**
   * Saves the rules. The slot grid cannot change while bookings are to come: their holds sit on the
   * old grid's points, and a booking on a new grid could start between them unseen
   * (docs/decisions/030-table-holds-per-grid-slot.md). The check is part of the write.
   */
  async function saveRules(firmId: string, rules: BookingRules): Promise<BookingRules> {
    const nowIso = clock().toISOString();
    const updated = await db.transaction().execute(async (trx) => {
      // a firm that never saved its rules books on the defaults' grid: that row first, then the one update
      await trx
        .insertInto('booking_rules')
        .values({ firm_id: firmId, ...rulesRow(await rulesOf(trx, firmId)) })
        .onConflict((conflict) => conflict.column('firm_id').doNothing())
        .execute();
      return trx
        .updateTable('booking_rules')
        .set(rulesRow(rules))
        .where('firm_id', '=', firmId)
        .where(({ eb, or, not, exists, selectFrom }) =>
          or([
            eb('slot_minutes', '=', rules.slotMinutes),
            not(
              exists(
                selectFrom('bookings')
                  .select('bookings.id')
                  .where('bookings.firm_id', '=', firmId)
                  .where('bookings.status', 'in', LIVE_STATUSES)
                  .where('bookings.ends_at', '>', nowIso),
              ),
            ),
          ]),
        )
        .executeTakeFirst();
    });
    if (updated.numUpdatedRows === 0n) throw new HttpError(409, 'The slot grid cannot change while bookings are to come.', 'grid_in_use');
    return rules;
  }

  return { setup, addTable, removeTable, saveRules };
}
