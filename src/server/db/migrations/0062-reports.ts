import type { Kysely } from 'kysely';

/** Reports for moderation: who reported what (a person, firm, event, post or review), why, and its review status. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // the reporter's account may go; the report stays for moderation
    .addColumn('reporter_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    /** 'open' | 'reviewed' */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_status').on('reports').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('reports_reporter').on('reports').column('reporter_id').execute();
  await db.schema.createIndex('reports_target').on('reports').columns(['target_type', 'target_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reports').ifExists().execute();
}
