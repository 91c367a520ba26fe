import type { Kysely } from 'kysely';

/**
 * Messages between a customer and a firm: one conversation per (firm, customer), its messages, and
 * each side's unread count (set to 0 when that side reads). The firm's team may block the customer
 * (`blocked_at`): the customer can then no longer write to the firm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** null until the first message: the firm's inbox lists only conversations that have one */
    .addColumn('last_message_at', 'text')
    .addColumn('last_message_preview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_from_firm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customer_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('firm_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked_at', 'text')
    .execute();
  await db.schema.createIndex('conversations_pair').on('conversations').columns(['firm_id', 'customer_id']).unique().execute();
  await db.schema.createIndex('conversations_customer').on('conversations').columns(['customer_id', 'last_message_at']).execute();
  await db.schema.createIndex('conversations_firm').on('conversations').columns(['firm_id', 'last_message_at']).execute();
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    // the writer's account may go (a team member who left): the message stays, unsigned
    .addColumn('sender_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    /** 1: written by the firm's team, 0: by the customer */
    .addColumn('from_firm', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_conversation').on('messages').columns(['conversation_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').ifExists().execute();
  await db.schema.dropTable('conversations').ifExists().execute();
}
