import type { Kysely } from 'kysely';

/**
 * Orders (modules/orders): an order per purchase with a short human reference, its lines, the
 * tickets it issues (one per holder, each with its own unguessable code), and one cart per user
 * and firm. A pending order holds its seats or stock (taken in `sold` by a conditional UPDATE)
 * until `hold_expires_at`; an expired or cancelled one gives them back.
 * Also: whether a product tracks its stock, and whether a firm takes orders of its menu items.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total_minor', 'integer', (c) => c.notNull())
    .addColumn('hold_expires_at', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addUniqueConstraint('orders_buyer_idempotency', ['buyer_id', 'idempotency_key'])
    .execute();
  await s.createIndex('orders_buyer_created').on('orders').columns(['buyer_id', 'created_at']).execute();
  await s.createIndex('orders_status_hold').on('orders').columns(['status', 'hold_expires_at']).execute();
  await s.createIndex('orders_event').on('orders').columns(['event_id', 'status']).execute();

  await s
    .createTable('order_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('unit_price_minor', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('order_lines_order').on('order_lines').column('order_id').execute();

  await s
    .createTable('tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('holder_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('transferred_from', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('tickets_holder').on('tickets').columns(['holder_id', 'status']).execute();
  await s.createIndex('tickets_order').on('tickets').column('order_id').execute();

  await s
    .createTable('cart_items')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_items_pk', ['user_id', 'item_type', 'item_id'])
    .execute();
  await s.createIndex('cart_items_user_firm').on('cart_items').columns(['user_id', 'firm_id']).execute();

  await s
    .alterTable('products')
    .addColumn('track_stock', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s
    .alterTable('firms')
    .addColumn('takes_orders', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['cart_items', 'tickets', 'order_lines', 'orders']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('products').dropColumn('track_stock').execute();
  await db.schema.alterTable('firms').dropColumn('takes_orders').execute();
}
