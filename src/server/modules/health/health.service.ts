import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Whether the database answers a query now: a health check asks it on every call. */
export async function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
