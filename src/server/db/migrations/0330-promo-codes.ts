import type { Kysely } from 'kysely';

/**
 * Promo codes (src/server/modules/promotions). `uses` counts the codes taken by orders that are not
 * closed unpaid; a checkout takes one with a conditional UPDATE (`uses < usage_limit`). Each use is a
 * row of `promo_code_uses` keyed by its order; `once_key` is the buyer's id when the code allows one
 * use per customer and null otherwise, so its unique index refuses a second use by the same buyer on
 * SQLite and PostgreSQL alike (nulls never clash). Orders and their lines keep the discount they
 * were given, part of their stored totals: refunds and reports read what was paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('promo_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('code_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('once_per_customer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_order_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('promo_codes_firm_key').on('promo_codes').columns(['firm_id', 'code_key']).unique().execute();
  await db.schema
    .createTable('promo_code_targets')
    .addColumn('code_id', 'text', (c) => c.notNull().references('promo_codes.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('promo_code_targets_pk', ['code_id', 'target_type', 'target_id'])
    .execute();
  await db.schema
    .createTable('promo_code_uses')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('code_id', 'text', (c) => c.notNull().references('promo_codes.id').onDelete('cascade'))
    .addColumn('buyer_id', 'text', (c) => c.notNull())
    .addColumn('once_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('promo_code_uses_once').on('promo_code_uses').columns(['code_id', 'once_key']).unique().execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('promo_code_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('promo_code', 'text').execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('discount_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('discount_minor').execute();
  await db.schema.alterTable('orders').dropColumn('promo_code').execute();
  await db.schema.alterTable('orders').dropColumn('promo_code_id').execute();
  await db.schema.alterTable('orders').dropColumn('discount_minor').execute();
  await db.schema.dropTable('promo_code_uses').execute();
  await db.schema.dropTable('promo_code_targets').execute();
  await db.schema.dropTable('promo_codes').execute();
}
