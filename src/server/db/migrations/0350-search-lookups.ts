import type { Kysely } from 'kysely';

/**
 * Search finds firms by their category's name too: the firms of the matching categories are looked
 * up by category alone (the explore index leads with the industry, which search does not know).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('firms_category_key').on('firms').column('category_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('firms_category_key').execute();
}
