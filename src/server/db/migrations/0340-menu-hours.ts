import type { Kysely } from 'kysely';

/**
 * A menu's serving hours (src/shared/menu-hours.ts) as JSON `{days, from, to}` on the firm's wall
 * clock; null (every menu until now) is served whenever the firm shows it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('menus').addColumn('serving_hours', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('menus').dropColumn('serving_hours').execute();
}
