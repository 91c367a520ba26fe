import { sql, type Kysely } from 'kysely';

/**
 * The kitchen display: each menu section's station (where its dishes are made), the buyer's note
 * for the kitchen on an order, the station each dish line was sent to, and one ticket per order and
 * station with its step (received → preparing → ready → served).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('menu_sections')
    .addColumn('station', 'text', (c) => c.notNull().defaultTo('kitchen'))
    .execute();
  await db.schema.alterTable('orders').addColumn('kitchen_note', 'text').execute();
  await db.schema.alterTable('order_lines').addColumn('station', 'text').execute();
  await db.schema
    .createTable('kitchen_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('station', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('placed_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kitchen_tickets_order_station').on('kitchen_tickets').columns(['order_id', 'station']).unique().execute();
  // the board reads a firm's open tickets; served ones pile up and are only read a few at a time
  await db.schema
    .createIndex('kitchen_tickets_open')
    .on('kitchen_tickets')
    .columns(['firm_id', 'placed_at'])
    .where(sql.ref('status'), '!=', 'served')
    .execute();
  await db.schema.createIndex('kitchen_tickets_firm_updated').on('kitchen_tickets').columns(['firm_id', 'status', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kitchen_tickets').execute();
  await db.schema.alterTable('order_lines').dropColumn('station').execute();
  await db.schema.alterTable('orders').dropColumn('kitchen_note').execute();
  await db.schema.alterTable('menu_sections').dropColumn('station').execute();
}
