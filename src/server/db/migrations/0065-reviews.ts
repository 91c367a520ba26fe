import { sql, type Kysely } from 'kysely';

/**
 * Reviews: one per (firm, author), a rating 1..5 with optional text, editable; the firm's one public
 * reply. The firm row keeps the count and the sum of its ratings (the cards and the page show the
 * average without reading every review); they move in the review's transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('reply', 'text')
    .addColumn('reply_at', 'text')
    .addColumn('reply_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('reviews_pair').on('reviews').columns(['firm_id', 'author_id']).unique().execute();
  await db.schema.createIndex('reviews_firm').on('reviews').columns(['firm_id', 'updated_at']).execute();
  await db.schema
    .alterTable('firms')
    .addColumn('rating_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`rating_count >= 0`),
    )
    .execute();
  await db.schema
    .alterTable('firms')
    .addColumn('rating_sum', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`rating_sum >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('firms').dropColumn('rating_sum').execute();
  await db.schema.alterTable('firms').dropColumn('rating_count').execute();
  await db.schema.dropTable('reviews').ifExists().execute();
}
