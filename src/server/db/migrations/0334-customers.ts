import type { Kysely } from 'kysely';

/**
 * The workspace's customers (src/server/modules/customers; docs/decisions/056-customers-computed.md).
 * The list itself is computed from orders, bookings, follows and conversations; only what the team
 * writes about a person is stored, keyed by the customer key the list computes (a user id, or
 * `email:` and the address for a guest who booked without an account). A follower's consent to the
 * firm's marketing mail sits on their follow: they give it and take it back, the team only reads it,
 * and unfollowing takes it back with the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customer_notes')
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('customer_key', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_notes_pk', ['firm_id', 'customer_key'])
    .execute();
  await db.schema
    .createTable('customer_tags')
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('customer_key', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_tags_pk', ['firm_id', 'customer_key', 'tag'])
    .execute();
  await db.schema.createIndex('customer_tags_firm_tag').on('customer_tags').columns(['firm_id', 'tag']).execute();
  await db.schema
    .alterTable('follows')
    .addColumn('marketing_opt_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('follows').dropColumn('marketing_opt_in').execute();
  await db.schema.dropTable('customer_tags').execute();
  await db.schema.dropTable('customer_notes').execute();
}
