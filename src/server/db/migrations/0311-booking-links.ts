import type { Kysely } from 'kysely';

/**
 * Bookings by link: a visitor without an account books with a name and an email and confirms by
 * the mailed link before `confirm_by` (the table is held meanwhile, then freed); `language` is the
 * one the booker's mails are written in. The firm sets how late a booking may be cancelled by its
 * link (`cancel_hours` before the start) and when the reminder goes (`reminder_hours` before the
 * start, none when null); `reminded_at` makes the reminder go once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('confirm_by', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('language', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('reminded_at', 'text').execute();
  await db.schema
    .alterTable('booking_rules')
    .addColumn('cancel_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('booking_rules')
    .addColumn('reminder_hours', 'integer', (c) => c.defaultTo(24))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['confirm_by', 'language', 'reminded_at']) await db.schema.alterTable('bookings').dropColumn(column).execute();
  for (const column of ['cancel_hours', 'reminder_hours']) await db.schema.alterTable('booking_rules').dropColumn(column).execute();
}
