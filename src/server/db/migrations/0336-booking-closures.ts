import type { Kysely } from 'kysely';

/**
 * A firm's closures on top of its opening hours: whole days (a holiday, "closed 24–26 Dec") or a
 * blocked time (a private evening), each an interval of instants [starts_at, ends_at) computed
 * from the firm's wall clock when it is saved, with an optional reason the public may be shown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_closures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('reason_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_closures_firm_end').on('booking_closures').columns(['firm_id', 'ends_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_closures').execute();
}
