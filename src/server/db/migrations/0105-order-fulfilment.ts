import type { Kysely } from 'kysely';

/**
 * Shop orders get a fulfilment step the firm moves on (workspace orders): a paid order is made
 * ready, then collected (handed over). Null until the firm makes it ready; ticket orders keep null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('fulfilment', 'text').execute();
  await db.schema.alterTable('orders').addColumn('ready_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('collected_at', 'text').execute();
  await db.schema.createIndex('orders_firm_created').on('orders').columns(['firm_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_firm_created').execute();
  await db.schema.alterTable('orders').dropColumn('collected_at').execute();
  await db.schema.alterTable('orders').dropColumn('ready_at').execute();
  await db.schema.alterTable('orders').dropColumn('fulfilment').execute();
}
