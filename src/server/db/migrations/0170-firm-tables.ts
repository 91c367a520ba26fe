import type { Kysely } from 'kysely';

/**
 * A firm's tables and counter spots for ordering from the seat. Each carries a random token: the
 * printed code names the token, never the row's id, so nobody can walk from one table to the
 * next by changing a number in the address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('firm_tables')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('firm_tables_label').on('firm_tables').columns(['firm_id', 'label']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('firm_tables').execute();
}
