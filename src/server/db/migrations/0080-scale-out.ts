import type { Kysely } from 'kysely';

/**
 * What several server processes on one PostgreSQL share:
 * - `server_secrets`: generated secrets (token signing keys by key id, the refresh-successor key,
 *   VAPID keys, the sandbox webhook secret), created once by the first process (INSERT … ON
 *   CONFLICT DO NOTHING, then read) and read by the others;
 * - `rate_limits`: the fixed-window counters of every rate limit, one row per key, counted with
 *   an atomic upsert.
 * The embedded SQLite process keeps its secrets in DATA_DIR and its counters in memory; the
 * tables exist there too (one schema for both).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    /** epoch ms when the window ends */
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute();
  await db.schema.dropTable('server_secrets').ifExists().execute();
}
