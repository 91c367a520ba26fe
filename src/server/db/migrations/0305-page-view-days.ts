import type { Kysely } from 'kysely';

/**
 * How often a firm's page and its items were seen, one row per firm, day of the firm's calendar,
 * kind of page and item: a view adds one to `views` (and to `scans` when it came from a printed
 * code) with a single upsert. Nothing about the visitor is kept, only the counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_view_days')
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('scans', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_view_days_pk', ['firm_id', 'day', 'kind', 'item_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_view_days').execute();
}
