import type { Kysely } from 'kysely';

/**
 * Product variants: a product may come in sizes or colours, each with its own
 * name, price, SKU and stock (counted or not), like Shopify's variants. A product without
 * variants keeps its own price and stock as before (existing products are unchanged). Stock
 * movements name the variant they moved (null: the product's own stock).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('product_variants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('firm_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('sku', 'text')
    .addColumn('track_stock', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('product_variants_product').on('product_variants').columns(['product_id', 'position']).execute();
  // a name once per product; a SKU once per firm (NULLs may repeat on both databases)
  await s.createIndex('product_variants_name').unique().on('product_variants').columns(['product_id', 'name']).execute();
  await s.createIndex('product_variants_sku').unique().on('product_variants').columns(['firm_id', 'sku']).execute();
  await s.alterTable('stock_movements').addColumn('variant_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stock_movements').dropColumn('variant_id').execute();
  await db.schema.dropTable('product_variants').ifExists().execute();
}
