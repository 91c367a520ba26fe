import type { Kysely } from 'kysely';

/**
 * The ages (minutes since a ticket was placed) at which the kitchen board's timers turn amber and
 * red: each firm sets its own, a café's rush is not a restaurant's. The defaults are the ages the
 * board used before they could be set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('firms')
    .addColumn('kitchen_amber_minutes', 'integer', (c) => c.notNull().defaultTo(10))
    .execute();
  await db.schema
    .alterTable('firms')
    .addColumn('kitchen_red_minutes', 'integer', (c) => c.notNull().defaultTo(20))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('firms').dropColumn('kitchen_red_minutes').execute();
  await db.schema.alterTable('firms').dropColumn('kitchen_amber_minutes').execute();
}
