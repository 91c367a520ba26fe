import type { Kysely } from 'kysely';

/**
 * Menus and products get a published flag: an unpublished menu (with its items) or
 * product stays in the workspace and is hidden from every public read (firm page, item and
 * product pages, search, cart). Existing rows stay published.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('menus')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('published').execute();
  await db.schema.alterTable('menus').dropColumn('published').execute();
}
