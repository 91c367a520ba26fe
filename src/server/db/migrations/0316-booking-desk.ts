import type { Kysely } from 'kysely';

/**
 * The bookings desk: a phone number a booking taken on the phone may carry, and the team's notes
 * on a booking (who wrote what, when).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('guest_phone', 'text').execute();
  await db.schema
    .createTable('booking_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_notes_booking').on('booking_notes').columns(['booking_id', 'created_at']).execute();
  await db.schema.createIndex('bookings_firm_guest').on('bookings').columns(['firm_id', 'guest_email']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_notes').execute();
  await db.schema.dropIndex('bookings_firm_guest').execute();
  await db.schema.alterTable('bookings').dropColumn('guest_phone').execute();
}
