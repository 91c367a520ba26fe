import type { Kysely } from 'kysely';

/**
 * A plan change that costs money: asked for by an owner, paid through the payment provider
 * (lib/payments, subject type `subscription`), and once paid turned into an invoice and the
 * firm's new plan. A free plan change needs no order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plan_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('plan_key', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    // pending (a declined card leaves it pending: the payment step offers another try) | paid | canceled
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('invoice_id', 'text', (c) => c.references('invoices.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema.createIndex('plan_orders_firm').on('plan_orders').columns(['firm_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plan_orders').ifExists().execute();
}
