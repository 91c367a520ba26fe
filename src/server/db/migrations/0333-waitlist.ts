import { sql, type Kysely } from 'kysely';

/**
 * Waitlists of sold-out ticket tiers: one row per member and tier while they wait or hold an offer
 * (`status` 'waiting' or 'offered'); a used, expired or left entry is deleted, so a member is never
 * offered the same place twice and may join again at the end of the line. `offered_until` is when
 * an offer's held seats pass to the next in line. The event says how long its offers stand.
 * The member is not a foreign key: an offer outlives a deleted account until it expires, so the
 * seats it holds always come back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category_id', 'text', (c) => c.notNull().references('ticket_categories.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('offered_until', 'text')
    .execute();
  await db.schema.createIndex('waitlist_entries_member').on('waitlist_entries').columns(['category_id', 'user_id']).unique().execute();
  await db.schema.createIndex('waitlist_entries_line').on('waitlist_entries').columns(['category_id', 'status', 'created_at']).execute();
  await db.schema
    .alterTable('events')
    .addColumn('waitlist_offer_minutes', 'integer', (c) => c.notNull().defaultTo(sql`120`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('waitlist_offer_minutes').execute();
  await db.schema.dropTable('waitlist_entries').execute();
}
