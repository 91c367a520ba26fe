import type { Kysely } from 'kysely';

/**
 * Who uploaded an image (src/server/lib/media.ts): an upload belongs to the one row that took it,
 * so replacing it deletes it; the seed's pictures (null here) are never deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('uploaded_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('uploaded_by').execute();
}
