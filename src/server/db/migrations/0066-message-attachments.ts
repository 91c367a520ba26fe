import type { Kysely } from 'kysely';

/**
 * Images attached to messages. An attachment is uploaded first (through the image pipeline, as a
 * private media id `msg_…` that `GET /media/…` refuses), then claimed by the message its uploader
 * sends in the same conversation (`message_id`); only the conversation's two sides read it, through
 * the conversation's routes. Unclaimed uploads are discarded after a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.references('messages.id').onDelete('cascade'))
    .addColumn('uploader_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_attachments_message').on('message_attachments').columns(['message_id', 'position']).execute();
  await db.schema
    .createIndex('message_attachments_pending')
    .on('message_attachments')
    .columns(['conversation_id', 'uploader_id', 'message_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_attachments').ifExists().execute();
}
