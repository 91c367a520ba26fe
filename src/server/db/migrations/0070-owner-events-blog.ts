import type { Kysely } from 'kysely';

/**
 * The owner's event and blog editors: where an event happens (its venue, when it is not
 * the firm's address), when each ticket category is on sale, and when an event or a post was last
 * saved (the editors' "saved at" and autosave), first published or cancelled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.alterTable('events').addColumn('venue', 'text').execute();
  await s.alterTable('events').addColumn('updated_at', 'text').execute();
  await s.alterTable('events').addColumn('cancelled_at', 'text').execute();
  // the first publication (followers are told once)
  await s.alterTable('events').addColumn('published_at', 'text').execute();
  await s.alterTable('ticket_categories').addColumn('sales_start', 'text').execute();
  await s.alterTable('ticket_categories').addColumn('sales_end', 'text').execute();
  await s.alterTable('blog_posts').addColumn('updated_at', 'text').execute();
  await s.createIndex('events_firm_start').on('events').columns(['firm_id', 'start_date_time']).execute();
  await s.createIndex('blog_posts_firm_created').on('blog_posts').columns(['firm_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('blog_posts_firm_created').ifExists().execute();
  await db.schema.dropIndex('events_firm_start').ifExists().execute();
  await db.schema.alterTable('blog_posts').dropColumn('updated_at').execute();
  await db.schema.alterTable('ticket_categories').dropColumn('sales_end').execute();
  await db.schema.alterTable('ticket_categories').dropColumn('sales_start').execute();
  await db.schema.alterTable('events').dropColumn('published_at').execute();
  await db.schema.alterTable('events').dropColumn('cancelled_at').execute();
  await db.schema.alterTable('events').dropColumn('updated_at').execute();
  await db.schema.alterTable('events').dropColumn('venue').execute();
}
