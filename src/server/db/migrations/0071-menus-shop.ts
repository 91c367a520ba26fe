import type { Kysely } from 'kysely';

/**
 * The workspace's menus and shop: menu items' options with price deltas, products'
 * compare-at price, SKU, extra pictures and low-stock mark, and the append-only stock movement log
 * (every adjustment with its reason, who made it and the stock it left).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  // JSON [{name, priceDelta}]: a size or an extra, added to the item's price
  await s
    .alterTable('menu_items')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await s.alterTable('products').addColumn('compare_at_minor', 'integer').execute();
  await s.alterTable('products').addColumn('sku', 'text').execute();
  // JSON string[]: the pictures after the first (image_path)
  await s
    .alterTable('products')
    .addColumn('gallery', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await s
    .alterTable('products')
    .addColumn('low_stock_at', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();
  await s
    .createTable('stock_movements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('firm_id', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    // what was in stock (stock - sold) right after it
    .addColumn('available_after', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('stock_movements_product').on('stock_movements').columns(['product_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_movements').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('low_stock_at').execute();
  await db.schema.alterTable('products').dropColumn('gallery').execute();
  await db.schema.alterTable('products').dropColumn('sku').execute();
  await db.schema.alterTable('products').dropColumn('compare_at_minor').execute();
  await db.schema.alterTable('menu_items').dropColumn('options').execute();
}
