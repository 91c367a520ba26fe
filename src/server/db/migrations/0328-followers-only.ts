import { sql, type Kysely } from 'kysely';

/**
 * Who an event, a blog post, a product or a dish is for: 0 everyone, 1 the firm's approved followers
 * (and its team). Existing rows stay for everyone.
 */
const TABLES = ['events', 'blog_posts', 'products', 'menu_items'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('audience', 'integer', (col) => col.notNull().defaultTo(sql`0`))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('audience').execute();
}
