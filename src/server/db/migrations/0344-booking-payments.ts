import type { Kysely } from 'kysely';

/**
 * A paid service takes its price, or a deposit of it, when it is booked. `deposit_minor` is the part
 * taken at booking (null: the whole price). A booking keeps what it asked for (`pay_minor`,
 * `pay_currency`: a later change of the price does not change a payment under way) and when it was
 * paid; a booking with nothing to pay has none of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking_services').addColumn('deposit_minor', 'integer').execute();
  await db.schema.alterTable('bookings').addColumn('pay_minor', 'integer').execute();
  await db.schema.alterTable('bookings').addColumn('pay_currency', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('paid_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('paid_at').execute();
  await db.schema.alterTable('bookings').dropColumn('pay_currency').execute();
  await db.schema.alterTable('bookings').dropColumn('pay_minor').execute();
  await db.schema.alterTable('booking_services').dropColumn('deposit_minor').execute();
}
