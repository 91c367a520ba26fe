import type { Kysely } from 'kysely';

/**
 * An event's tickets by status: the door's list, the attendee list and the places held by unpaid
 * orders (the workspace's events) read them by event, which no index served (only by holder and by order).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('tickets_event_status').on('tickets').columns(['event_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tickets_event_status').execute();
}
