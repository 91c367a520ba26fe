import type { Kysely } from 'kysely';

/**
 * Table bookings: a firm's tables with their seats, its booking rules, the bookings, and one hold
 * per table and grid slot a booking covers. The hold's primary key is what makes a double booking
 * impossible on either database: the second insert of the same table and slot finds the row taken.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_tables')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_tables_firm').on('booking_tables').column('firm_id').execute();
  await db.schema
    .createTable('booking_rules')
    .addColumn('firm_id', 'text', (c) => c.primaryKey().references('firms.id').onDelete('cascade'))
    .addColumn('slot_minutes', 'integer', (c) => c.notNull())
    .addColumn('turn_minutes', 'integer', (c) => c.notNull())
    .addColumn('ahead_days', 'integer', (c) => c.notNull())
    .addColumn('notice_minutes', 'integer', (c) => c.notNull())
    .addColumn('largest_party', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('table_id', 'text', (c) => c.notNull().references('booking_tables.id').onDelete('cascade'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('party', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('guest_name', 'text', (c) => c.notNull())
    .addColumn('guest_email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bookings_firm_start').on('bookings').columns(['firm_id', 'starts_at']).execute();
  await db.schema
    .createTable('booking_holds')
    .addColumn('table_id', 'text', (c) => c.notNull().references('booking_tables.id').onDelete('cascade'))
    .addColumn('slot_at', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('booking_holds_pk', ['table_id', 'slot_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_holds').execute();
  await db.schema.dropTable('bookings').execute();
  await db.schema.dropTable('booking_rules').execute();
  await db.schema.dropTable('booking_tables').execute();
}
