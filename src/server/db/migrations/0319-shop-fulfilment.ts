import type { Kysely } from 'kysely';

/**
 * How a firm hands over what its shop sells: pickup (where, when, after how long) and/or local
 * delivery (where to, for what fee, from what order). One row per firm, written the first time the
 * firm sets it; a firm without a row hands over at its own address, as every shop order did before.
 * The order keeps the buyer's choice as it was at checkout, so a later change of the settings never
 * rewrites what an order said.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('firm_fulfilment')
    .addColumn('firm_id', 'text', (c) => c.primaryKey().references('firms.id').onDelete('cascade'))
    .addColumn('pickup_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('pickup_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pickup_hours', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('preparation_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_zone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_postcodes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('delivery_fee_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_minimum_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('orders').addColumn('handover', 'text').execute();
  await db.schema.alterTable('orders').addColumn('handover_address', 'text').execute();
  await db.schema.alterTable('orders').addColumn('handover_hours', 'text').execute();
  await db.schema.alterTable('orders').addColumn('preparation_minutes', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('delivery_fee_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['delivery_fee_minor', 'preparation_minutes', 'handover_hours', 'handover_address', 'handover']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.dropTable('firm_fulfilment').execute();
}
