import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Dialect } from '../db/connection';
import { createMemoryRateLimitStore, type RateLimitStore } from './rate-limit';

/** How often expired windows are deleted (by whichever process counts a hit after that long). */
const SWEEP_EVERY_MS = 60_000;

/**
 * The rate-limit store of several processes on one database: one row per key in `rate_limits`,
 * counted with one atomic upsert (a new window, a hit in the window, or a fresh window when the
 * old one has ended), so every process sees the same count and parallel hits never lose one.
 * The same SQL runs on SQLite and PostgreSQL.
 */
export function createDatabaseRateLimitStore(db: Kysely<Database>): RateLimitStore {
  let lastSweep = 0;
  const sweep = (now: number) => {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    void db
      .deleteFrom('rate_limits')
      .where('reset_at', '<=', now)
      .execute()
      .catch(() => {});
  };
  return {
    async consume(key, windowMs, now) {
      sweep(now);
      const ended = sql<boolean>`rate_limits.reset_at <= cast(${now} as bigint)`;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: now + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql`case when ${ended} then 1 else rate_limits.count + 1 end`,
            reset_at: sql`case when ${ended} then cast(${now + windowMs} as bigint) else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAt: Number(row.reset_at) };
    },
    async undo(key, now) {
      await db
        .updateTable('rate_limits')
        .set({ count: sql`count - 1` })
        .where('key', '=', key)
        .where('count', '>', 0)
        .where('reset_at', '>', now)
        .execute();
    },
    async reset(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}

/**
 * The store a server process uses: in memory for the embedded SQLite process (the only process
 * on its data folder), the database's table on PostgreSQL (any number of processes).
 */
export function rateLimitStoreFor(db: Kysely<Database>, dialect: Dialect): RateLimitStore {
  return dialect === 'postgres' ? createDatabaseRateLimitStore(db) : createMemoryRateLimitStore();
}
