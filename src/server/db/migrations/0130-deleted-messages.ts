import type { Kysely } from 'kysely';

/**
 * A message whose writer's account was deleted keeps its place in the conversation (the firm's
 * answers around it still make sense) but not its words: `deleted` marks it, and every reader is
 * shown "message deleted" in their own language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('deleted').execute();
}
