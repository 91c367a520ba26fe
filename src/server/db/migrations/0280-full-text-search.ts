import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Full-text search: one document per searchable row (its folded name, and its other searched
 * columns folded into a body), kept by triggers so no write path can forget it.
 *
 * `souk_fold(column) like '%term%'` read every row of every searched table on every search: no
 * index can serve a leading wildcard over a function. Here the words are indexed once, matched by
 * prefix ("caf" finds "Café") and ranked (BM25 on SQLite, ts_rank on PostgreSQL).
 * - SQLite: an FTS5 table; the text is folded by `souk_fold` before it is stored, so the
 *   tokenizer only splits words and the folding stays the app's own (Arabic marks included).
 * - PostgreSQL: a table with a stored `tsvector` ('simple' configuration: no stemming, the text
 *   is already folded) under a GIN index.
 */
const SOURCES = [
  { kind: 'firms', table: 'firms', body: ['username', 'city', 'description'] },
  { kind: 'dishes', table: 'menu_items', body: ['description', 'tags'] },
  { kind: 'products', table: 'products', body: ['description'] },
  { kind: 'events', table: 'events', body: ['description'] },
  { kind: 'posts', table: 'blog_posts', body: ['short_summary'] },
] as const;

type Source = (typeof SOURCES)[number];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The folded body of a row, as SQL over `row` (NEW in a trigger, the table in the backfill). */
const bodyOf = (source: Source, row: string) =>
  `souk_fold(${source.body.map((column) => `coalesce(${row}.${column}, '')`).join(` || ' ' || `)})`;

const insertFrom = (source: Source, row: string) =>
  `insert into search_documents (kind, entity_id, name, body) values ('${source.kind}', ${row}.id, souk_fold(${row}.name), ${bodyOf(source, row)})`;

/** The rows already there, indexed once. */
const backfill = (db: Kysely<unknown>, source: Source) =>
  sql
    .raw(
      `insert into search_documents (kind, entity_id, name, body) select '${source.kind}', t.id, souk_fold(t.name), ${bodyOf(source, 't')} from ${source.table} t`,
    )
    .execute(db);

const searchedColumns = (source: Source) => ['name', ...source.body].join(', ');

async function upSqlite(db: Kysely<unknown>) {
  await sql
    .raw(
      `create virtual table search_documents using fts5(kind unindexed, entity_id unindexed, name, body, tokenize = 'unicode61', prefix = '2 3')`,
    )
    .execute(db);
  for (const source of SOURCES) {
    const forget = `delete from search_documents where kind = '${source.kind}' and entity_id = old.id`;
    await sql
      .raw(`create trigger ${source.table}_search_insert after insert on ${source.table} begin ${insertFrom(source, 'new')}; end`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${source.table}_search_update after update of ${searchedColumns(source)} on ${source.table} begin ${forget}; ${insertFrom(source, 'new')}; end`,
      )
      .execute(db);
    await sql.raw(`create trigger ${source.table}_search_delete after delete on ${source.table} begin ${forget}; end`).execute(db);
    await backfill(db, source);
  }
}

async function upPostgres(db: Kysely<unknown>) {
  await sql
    .raw(
      `create table search_documents (
  kind text not null,
  entity_id text not null,
  name text not null,
  body text not null,
  words tsvector generated always as (to_tsvector('simple', name || ' ' || body)) stored,
  primary key (entity_id, kind)
)`,
    )
    .execute(db);
  await sql.raw('create index search_documents_words on search_documents using gin (words)').execute(db);
  // one trigger function for every source: TG_ARGV names the kind and the body's columns
  await sql
    .raw(
      `create function souk_search_document() returns trigger language plpgsql as $sync$
declare
  row_json jsonb;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from search_documents where kind = tg_argv[0] and entity_id = old.id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    row_json := to_jsonb(new);
    insert into search_documents (kind, entity_id, name, body)
    values (tg_argv[0], new.id, souk_fold(new.name),
      souk_fold(array_to_string(array(select coalesce(row_json ->> column_name, '') from unnest(tg_argv[1:]) as column_name), ' ')));
  end if;
  return null;
end
$sync$`,
    )
    .execute(db);
  for (const source of SOURCES) {
    const args = [source.kind, ...source.body].map((value) => `'${value}'`).join(', ');
    await sql
      .raw(
        `create trigger ${source.table}_search after insert or delete or update of ${searchedColumns(source)} on ${source.table} for each row execute function souk_search_document(${args})`,
      )
      .execute(db);
    await backfill(db, source);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await (isPostgres(db) ? upPostgres(db) : upSqlite(db));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const source of SOURCES) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists ${source.table}_search on ${source.table}`).execute(db);
    } else {
      for (const event of ['insert', 'update', 'delete'])
        await sql.raw(`drop trigger if exists ${source.table}_search_${event}`).execute(db);
    }
  }
  if (isPostgres(db)) await sql.raw('drop function if exists souk_search_document()').execute(db);
  await sql.raw('drop table if exists search_documents').execute(db);
}
