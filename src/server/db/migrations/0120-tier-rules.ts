import { sql, type Kysely } from 'kysely';

/**
 * A tier's own rules at checkout: hidden from the public (not offered, not sold), and at most so
 * many tickets per order and per buyer. `tier_buyer_counts` is what each buyer holds of a tier
 * (pending or paid), taken with a conditional write in the order's transaction like seats are, so
 * two checkouts of one buyer at once cannot both pass the limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ticket_categories')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('ticket_categories').addColumn('max_per_order', 'integer').execute();
  await db.schema.alterTable('ticket_categories').addColumn('max_per_buyer', 'integer').execute();
  await db.schema
    .createTable('tier_buyer_counts')
    .addColumn('category_id', 'text', (c) => c.notNull().references('ticket_categories.id').onDelete('cascade'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tier_buyer_counts_pk', ['category_id', 'buyer_id'])
    .execute();
  // tickets already held count against the new limits
  await sql`
    INSERT INTO tier_buyer_counts (category_id, buyer_id, held)
    SELECT l.item_id, o.buyer_id, SUM(l.quantity)
    FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE l.kind = 'ticket' AND o.status IN ('pending_payment', 'paid')
    GROUP BY l.item_id, o.buyer_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tier_buyer_counts').execute();
  await db.schema.alterTable('ticket_categories').dropColumn('max_per_buyer').execute();
  await db.schema.alterTable('ticket_categories').dropColumn('max_per_order').execute();
  await db.schema.alterTable('ticket_categories').dropColumn('hidden').execute();
}
