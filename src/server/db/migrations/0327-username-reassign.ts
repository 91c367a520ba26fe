import type { Kysely } from 'kysely';

/**
 * A squatted firm username given to another firm (or freed): the action keeps the username the firm
 * had and the one it was given instead, so the owner's notice can say both long after the change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('moderation_actions').addColumn('old_username', 'text').execute();
  await db.schema.alterTable('moderation_actions').addColumn('new_username', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('moderation_actions').dropColumn('new_username').execute();
  await db.schema.alterTable('moderation_actions').dropColumn('old_username').execute();
}
