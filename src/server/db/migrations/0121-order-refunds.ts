import type { Kysely } from 'kysely';

/**
 * A firm refunds an order in whole or in part: what each refund gave back (tickets, line
 * quantities, the amount) and why, in `order_refunds`; the order and its lines count what was
 * refunded so far, so a refund that would give back more than was paid changes no row. The
 * Idempotency-Key of the refund dialog is unique per order: the same click sent twice refunds once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('order_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    /** JSON: [{ label, qty }] what went back */
    .addColumn('items', 'text', (c) => c.notNull())
    /** the payment ledger's refund, once asked of the provider */
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('order_refunds_key', ['order_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_refunds').execute();
  await db.schema.alterTable('order_lines').dropColumn('refunded_quantity').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_minor').execute();
}
