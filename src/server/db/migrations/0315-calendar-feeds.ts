import type { Kysely } from 'kysely';

/**
 * A firm's private calendar feed: the random token its subscription URL carries (one per firm;
 * resetting replaces it, so the old URL stops answering).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('firm_id', 'text', (c) => c.primaryKey().references('firms.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
}
