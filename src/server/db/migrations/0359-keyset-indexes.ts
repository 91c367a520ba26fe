import type { Kysely } from 'kysely';

/**
 * Keyset pages of the workspace's longest lists: a firm's orders and its followers, newest first
 * with the id as tiebreaker, each read from an index in that order, starting at the cursor. Each
 * index replaces a shorter one on its leading columns, whose reads it serves as well.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_firm_created_id').on('orders').columns(['firm_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('orders_firm_created').execute();
  await db.schema.createIndex('follows_firm_created').on('follows').columns(['firm_id', 'created_at', 'user_id']).execute();
  await db.schema.dropIndex('follows_firm').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('follows_firm').on('follows').column('firm_id').execute();
  await db.schema.dropIndex('follows_firm_created').execute();
  await db.schema.createIndex('orders_firm_created').on('orders').columns(['firm_id', 'created_at']).execute();
  await db.schema.dropIndex('orders_firm_created_id').execute();
}
