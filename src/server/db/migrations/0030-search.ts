import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { FOLD_FROM, FOLD_TO } from '../../../shared/search-fold';

/**
 * Accent-, case- and Arabic-mark-insensitive search: `souk_fold(text)` on both
 * databases, the same folding as src/shared/search-fold.ts. SQLite gets it as a function
 * registered on every connection (db/connection.ts); PostgreSQL as this SQL function.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
  await sql
    .raw(
      `create or replace function souk_fold(value text) returns text language sql immutable parallel safe as $fold$
  select regexp_replace(
    replace(replace(replace(replace(replace(
      translate(lower(coalesce(value, '')), ${quote(FOLD_FROM)}, ${quote(FOLD_TO)}),
      'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss'),
    '[\\u064B-\\u065F\\u0670\\u0640]', '', 'g')
$fold$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw('drop function if exists souk_fold(text)').execute(db);
}
