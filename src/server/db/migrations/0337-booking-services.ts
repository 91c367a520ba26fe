import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Services booked with a staff member (a haircut, a consultation) beside tables: a service has a
 * length, a price (null: free), a buffer the staff member needs before and after, and the members
 * of the team who give it. A booking holds either a table or a staff member's time, so `table_id`
 * may now be null; `booking_staff_holds` is to a staff member what `booking_holds` is to a table:
 * one row per five minutes of their time, whose primary key lets one booking alone have it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_services')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('price_minor', 'integer')
    .addColumn('buffer_before', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('buffer_after', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_services_firm').on('booking_services').column('firm_id').execute();
  await db.schema
    .createTable('booking_service_staff')
    .addColumn('service_id', 'text', (c) => c.notNull().references('booking_services.id').onDelete('cascade'))
    .addColumn('employment_id', 'text', (c) => c.notNull().references('employments.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('booking_service_staff_pk', ['service_id', 'employment_id'])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema
      .alterTable('bookings')
      .alterColumn('table_id', (c) => c.dropNotNull())
      .execute();
    await db.schema
      .alterTable('bookings')
      .addColumn('service_id', 'text', (c) => c.references('booking_services.id').onDelete('cascade'))
      .execute();
    await db.schema
      .alterTable('bookings')
      .addColumn('staff_id', 'text', (c) => c.references('employments.id').onDelete('cascade'))
      .execute();
  } else {
    await rebuildSqliteBookings(db, true);
  }
  await db.schema
    .createTable('booking_staff_holds')
    .addColumn('staff_id', 'text', (c) => c.notNull().references('employments.id').onDelete('cascade'))
    .addColumn('slot_at', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('booking_staff_holds_pk', ['staff_id', 'slot_at'])
    .execute();
  await db.schema.createIndex('booking_staff_holds_booking').on('booking_staff_holds').column('booking_id').execute();
}

const KEPT = [
  'id',
  'firm_id',
  'table_id',
  'starts_at',
  'ends_at',
  'party',
  'user_id',
  'guest_name',
  'guest_email',
  'status',
  'created_at',
  'confirm_by',
  'language',
  'reminded_at',
  'guest_phone',
];

/**
 * SQLite cannot drop a NOT NULL (nor, going back, a column with a foreign key): the table is rebuilt the way its manual says, with foreign keys off
 * meanwhile (dropping the old table would otherwise cascade to its holds and notes). The Kysely
 * migrator runs SQLite migrations outside a transaction, where that pragma takes effect.
 */
async function rebuildSqliteBookings(db: Kysely<unknown>, withServices: boolean): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    let table = db.schema
      .createTable('bookings_next')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
      .addColumn('table_id', 'text', (c) => {
        const column = c.references('booking_tables.id').onDelete('cascade');
        return withServices ? column : column.notNull();
      })
      .addColumn('starts_at', 'text', (c) => c.notNull())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .addColumn('party', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('guest_name', 'text', (c) => c.notNull())
      .addColumn('guest_email', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('confirm_by', 'text')
      .addColumn('language', 'text')
      .addColumn('reminded_at', 'text')
      .addColumn('guest_phone', 'text');
    if (withServices) {
      table = table
        .addColumn('service_id', 'text', (c) => c.references('booking_services.id').onDelete('cascade'))
        .addColumn('staff_id', 'text', (c) => c.references('employments.id').onDelete('cascade'));
    }
    await table.execute();
    const columns = KEPT.map((column) => sql.ref(column));
    await sql`insert into bookings_next (${sql.join(columns)}) select ${sql.join(columns)} from bookings`.execute(db);
    await db.schema.dropTable('bookings').execute();
    await db.schema.alterTable('bookings_next').renameTo('bookings').execute();
    await db.schema.createIndex('bookings_firm_start').on('bookings').columns(['firm_id', 'starts_at']).execute();
    await db.schema.createIndex('bookings_firm_guest').on('bookings').columns(['firm_id', 'guest_email']).execute();
    const broken = await sql`PRAGMA foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('The rebuilt bookings table breaks a foreign key.');
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_staff_holds').execute();
  await db
    .deleteFrom('bookings' as never)
    .where('table_id' as never, 'is', null)
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.alterTable('bookings').dropColumn('staff_id').execute();
    await db.schema.alterTable('bookings').dropColumn('service_id').execute();
    await db.schema
      .alterTable('bookings')
      .alterColumn('table_id', (c) => c.setNotNull())
      .execute();
  } else {
    await rebuildSqliteBookings(db, false);
  }
  await db.schema.dropTable('booking_service_staff').execute();
  await db.schema.dropTable('booking_services').execute();
}
