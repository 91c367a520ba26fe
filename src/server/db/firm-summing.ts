import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * The transaction that sums a firm's figures again from the marks its writes left (the sales by day,
 * the customer rows): one at a time per firm and kind, because two would each delete the rows the other
 * has not committed yet. PostgreSQL takes a lock on `name` and the firm for the transaction; SQLite has
 * one writer already.
 */
export function firmSumming(db: Kysely<Database>, name: string) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (firmId: string, sum: (trx: Transaction<Database>) => Promise<void>): Promise<void> =>
    db.transaction().execute(async (trx) => {
      if (postgres) await sql`select pg_advisory_xact_lock(hashtext(${`${name}:${firmId}`}))`.execute(trx);
      await sum(trx);
    });
}
