import type { Kysely } from 'kysely';

/**
 * The account pages: delivery addresses for shop orders, and a deletion that waits out a grace
 * period (`deletion_due_at`: the account is removed or anonymised then, unless its owner comes back).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('line1', 'text', (c) => c.notNull())
    .addColumn('line2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    /** ISO 3166-1 alpha-2 */
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user').on('addresses').column('user_id').execute();
  await db.schema.alterTable('users').addColumn('deletion_due_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deletion_due_at').execute();
  await db.schema.dropTable('addresses').ifExists().execute();
}
