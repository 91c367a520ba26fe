import { sql, type Kysely } from 'kysely';

/**
 * Waitlists for sold-out products too: a row waits on a tier (category and event set) or on a
 * product (product set, and its variant when it is sold by variants). `line_id` names what is
 * waited on (the tier, the variant, or the product without variants), so one unique index keeps a
 * member once per line whatever the kind. The tier's columns become optional, which SQLite cannot
 * alter in place: the table is rebuilt. A product says how long its offers hold their units.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, true);
  await db.schema
    .alterTable('products')
    .addColumn('waitlist_offer_minutes', 'integer', (c) => c.notNull().defaultTo(sql`120`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('waitlist_offer_minutes').execute();
  await db
    .deleteFrom('waitlist_entries' as never)
    .where('category_id' as never, 'is', null)
    .execute();
  await rebuild(db, false);
}

async function rebuild(db: Kysely<unknown>, withProducts: boolean) {
  const s = db.schema;
  let table = s.createTable('waitlist_entries_next').addColumn('id', 'text', (c) => c.primaryKey());
  if (withProducts) {
    table = table
      .addColumn('line_id', 'text', (c) => c.notNull())
      .addColumn('category_id', 'text', (c) => c.references('ticket_categories.id').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.references('events.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('cascade'))
      .addColumn('variant_id', 'text', (c) => c.references('product_variants.id').onDelete('cascade'));
  } else {
    table = table
      .addColumn('category_id', 'text', (c) => c.notNull().references('ticket_categories.id').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'));
  }
  await table
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('offered_until', 'text')
    .execute();
  const kept = ['id', 'category_id', 'event_id', 'user_id', 'quantity', 'status', 'created_at', 'offered_until'];
  const from = db.selectFrom('waitlist_entries' as never).select(kept as never[]);
  await db
    .insertInto('waitlist_entries_next' as never)
    .columns((withProducts ? [...kept, 'line_id'] : kept) as never[])
    .expression(withProducts ? from.select(sql`category_id`.as('line_id') as never) : from)
    .execute();
  await s.dropTable('waitlist_entries').execute();
  await s.alterTable('waitlist_entries_next').renameTo('waitlist_entries').execute();
  const line = withProducts ? 'line_id' : 'category_id';
  await s.createIndex('waitlist_entries_member').on('waitlist_entries').columns([line, 'user_id']).unique().execute();
  await s.createIndex('waitlist_entries_line').on('waitlist_entries').columns([line, 'status', 'created_at']).execute();
}
