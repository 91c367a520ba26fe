import { sql, type Kysely } from 'kysely';

/**
 * A firm's username is its page at `/{username}`, found case-insensitively: two firms may not
 * differ only by case. The check before creating a firm answers the form; this index is what
 * decides when two people claim the same name at the same moment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('firms_username_lower_unique')
    .unique()
    .on('firms')
    .expression(sql`lower(username)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('firms_username_lower_unique').ifExists().execute();
}
