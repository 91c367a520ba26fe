import type { Kysely } from 'kysely';

/**
 * The till: whether a firm lets its tills keep selling for cash while offline, and one row per till
 * sale beside its order (the device's sale key, what was handed over, and what the owner should
 * look at: stock sold that had run out meanwhile, a price that changed, a discount above the limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('firms')
    .addColumn('till_offline', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('till_sales')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('seller_id', 'text', (c) => c.notNull())
    .addColumn('sale_key', 'text', (c) => c.notNull())
    .addColumn('subtotal_minor', 'integer', (c) => c.notNull())
    .addColumn('discount_minor', 'integer', (c) => c.notNull())
    .addColumn('tendered_minor', 'integer', (c) => c.notNull())
    .addColumn('change_minor', 'integer', (c) => c.notNull())
    .addColumn('offline', 'integer', (c) => c.notNull())
    .addColumn('flags', 'text', (c) => c.notNull())
    .addColumn('sold_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('till_sales_firm_key').on('till_sales').columns(['firm_id', 'sale_key']).unique().execute();
  await db.schema.createIndex('till_sales_firm_received').on('till_sales').columns(['firm_id', 'received_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('till_sales').execute();
  await db.schema.alterTable('firms').dropColumn('till_offline').execute();
}
