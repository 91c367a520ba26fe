import type { Kysely } from 'kysely';

/**
 * A firm may ask to approve its followers: with `approve_followers` set, following it leaves a
 * request the team answers. A firm may also keep someone away: a restriction stops them following
 * it and writing to it. Existing firms stay open to anyone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('firms')
    .addColumn('approve_followers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .createTable('follow_requests')
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follow_requests_pk', ['firm_id', 'user_id'])
    .execute();
  await s
    .createTable('firm_restrictions')
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('firm_restrictions_pk', ['firm_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('firm_restrictions').execute();
  await db.schema.dropTable('follow_requests').execute();
  await db.schema.alterTable('firms').dropColumn('approve_followers').execute();
}
