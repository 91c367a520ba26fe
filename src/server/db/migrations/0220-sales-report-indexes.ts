import type { Kysely } from 'kysely';

/**
 * The sales report (modules/sales-reports) reads a firm's orders by the moment they were paid, and
 * the refunds given in a period, joined to their orders: an index for each, so a report over two
 * years of a busy firm reads the rows of its period, not every order the firm ever took.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_firm_paid').on('orders').columns(['firm_id', 'paid_at']).execute();
  await db.schema.createIndex('order_refunds_created').on('order_refunds').columns(['created_at', 'order_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('order_refunds_created').execute();
  await db.schema.dropIndex('orders_firm_paid').execute();
}
