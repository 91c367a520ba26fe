import type { Kysely } from 'kysely';

/**
 * Ordering from a table's code: an order remembers the table it was sent from (its id, and its label
 * as it read then, so an order of a table removed since still says "Table 7"), whether it is paid at
 * the counter, and once staff took that payment, how (cash or card) and who took it. The firm says
 * whether its guests may pay at the counter at all (off until the owner turns it on).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('table_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('table_label', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('pay_at_counter', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('counter_method', 'text').execute();
  await db.schema.alterTable('orders').addColumn('counter_paid_by', 'text').execute();
  await db.schema
    .alterTable('firms')
    .addColumn('counter_payment', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // a buyer's open counter orders are counted at each checkout of one
  await db.schema.createIndex('orders_counter_open').on('orders').columns(['buyer_id', 'pay_at_counter', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_counter_open').execute();
  await db.schema.alterTable('firms').dropColumn('counter_payment').execute();
  for (const column of ['table_id', 'table_label', 'pay_at_counter', 'counter_method', 'counter_paid_by'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
