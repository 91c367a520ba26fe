import type { Kysely } from 'kysely';

/**
 * A firm may want to look at each booking before it holds: with `confirm_manually` set, a new
 * booking waits as 'pending' (its table already held, so nobody else takes it meanwhile) until
 * the team confirms or cancels it. Existing firms keep instant confirmation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('booking_rules')
    .addColumn('confirm_manually', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking_rules').dropColumn('confirm_manually').execute();
}
