import { sql, type Kysely } from 'kysely';

/**
 * Check-in at the door: each event's signing key for its tickets' codes and its change counter,
 * and every scan the devices upload (admissions, flagged second admissions, undos, refusals).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('checkin_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('signing_key', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('checkin_scans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('ticket_id', 'text', (c) => c.references('tickets.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('device_name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('undone_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkin_scans_nonce').on('checkin_scans').columns(['event_id', 'nonce']).unique().execute();
  await db.schema.createIndex('checkin_scans_seq').on('checkin_scans').columns(['event_id', 'seq']).execute();
  // one standing admission per ticket, whatever the code above it does
  await db.schema
    .createIndex('checkin_scans_admitted')
    .on('checkin_scans')
    .column('ticket_id')
    .unique()
    .where(sql.ref('result'), '=', 'admitted')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('checkin_scans').execute();
  await db.schema.dropTable('checkin_events').execute();
}
