import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The sales report reads a firm's sales summed by its own day instead of every order of the period
 * (docs/decisions/067-sales-summed-by-day.md): two years of a busy firm are tens of thousands of
 * orders, lines and payments, but seven hundred days.
 *
 * A day is the firm's calendar day as a day number (days since 1970-01-01), as the report counts them.
 * - `sales_days`: per firm, day, currency, channel and payment method: orders, gross, tickets.
 * - `sales_refund_days`: per firm, day and currency: the refunds given that day.
 * - `sales_item_days`: per firm, day, currency and item sold: quantity, refunded, gross.
 * - `sales_dirty`: which UTC days of which firm changed since they were summed ('*': all of them,
 *   when the firm's time zone changed). Triggers append a row in the transaction of every write
 *   to orders, their lines, payments and refunds, whichever code path makes it; the report sums
 *   those days again from the orders before it reads. Appending (never updating) keeps writers
 *   from waiting on each other and lets the summing take exactly the rows it saw.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The columns of each table the figures are summed from. */
const WATCHED = {
  orders: ['firm_id', 'paid_at', 'total_minor', 'currency', 'kind', 'event_id'],
  order_lines: [
    'order_id',
    'kind',
    'item_id',
    'label',
    'unit_price_minor',
    'quantity',
    'variant_id',
    'variant_name',
    'refunded_quantity',
    'discount_minor',
  ],
  payments: ['subject_type', 'subject_id', 'status', 'method', 'created_at'],
  order_refunds: ['order_id', 'created_at', 'amount_minor'],
} as const;

type Watched = keyof typeof WATCHED;

/** The dirty rows a row of `table` makes, as an INSERT over `row` (NEW or OLD in a trigger). */
function markOf(table: Watched, row: string): string {
  const insert = 'insert into sales_dirty (firm_id, utc_day)';
  switch (table) {
    case 'orders':
      return `${insert} select ${row}.firm_id, substr(${row}.paid_at, 1, 10) where ${row}.paid_at is not null`;
    case 'order_lines':
      return `${insert} select o.firm_id, substr(o.paid_at, 1, 10) from orders o where o.id = ${row}.order_id and o.paid_at is not null`;
    case 'payments':
      return `${insert} select o.firm_id, substr(o.paid_at, 1, 10) from orders o where ${row}.subject_type = 'order' and o.id = ${row}.subject_id and o.paid_at is not null`;
    case 'order_refunds':
      return `${insert} select o.firm_id, substr(${row}.created_at, 1, 10) from orders o where o.id = ${row}.order_id`;
  }
}

async function createTables(db: Kysely<unknown>) {
  await db.schema
    .createTable('sales_dirty')
    .addColumn('firm_id', 'text', (c) => c.notNull())
    .addColumn('utc_day', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sales_dirty_firm').on('sales_dirty').column('firm_id').execute();
  await db.schema
    .createTable('sales_days')
    .addColumn('firm_id', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('method', 'text')
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('gross_minor', 'bigint', (c) => c.notNull())
    .addColumn('tickets', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sales_refund_days')
    .addColumn('firm_id', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('refunds_minor', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sales_item_days')
    .addColumn('firm_id', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'text')
    .addColumn('variant_name', 'text')
    .addColumn('event_id', 'text')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('refunded_quantity', 'bigint', (c) => c.notNull())
    .addColumn('gross_minor', 'bigint', (c) => c.notNull())
    .execute();
  for (const table of ['sales_days', 'sales_refund_days', 'sales_item_days'])
    await db.schema.createIndex(`${table}_firm_day`).on(table).columns(['firm_id', 'day']).execute();
}

async function upSqlite(db: Kysely<unknown>) {
  for (const [table, columns] of Object.entries(WATCHED) as [Watched, readonly string[]][]) {
    await sql.raw(`create trigger ${table}_sales_insert after insert on ${table} begin ${markOf(table, 'new')}; end`).execute(db);
    await sql
      .raw(
        `create trigger ${table}_sales_update after update of ${columns.join(', ')} on ${table} begin ${markOf(table, 'old')}; ${markOf(table, 'new')}; end`,
      )
      .execute(db);
    await sql.raw(`create trigger ${table}_sales_delete after delete on ${table} begin ${markOf(table, 'old')}; end`).execute(db);
  }
  await sql
    .raw(
      `create trigger firms_sales_zone after update of timezone on firms when old.timezone is not new.timezone begin insert into sales_dirty (firm_id, utc_day) values (new.id, '*'); end`,
    )
    .execute(db);
}

async function upPostgres(db: Kysely<unknown>) {
  for (const table of Object.keys(WATCHED) as Watched[]) {
    await sql
      .raw(
        `create function ${table}_sales_dirty() returns trigger language plpgsql as $mark$
        begin
          if TG_OP <> 'INSERT' then ${markOf(table, 'old')}; end if;
          if TG_OP <> 'DELETE' then ${markOf(table, 'new')}; end if;
          return null;
        end $mark$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_sales after insert or delete or update of ${WATCHED[table].join(', ')} on ${table} for each row execute function ${table}_sales_dirty()`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create function firms_sales_zone() returns trigger language plpgsql as $mark$
      begin
        insert into sales_dirty (firm_id, utc_day) values (new.id, '*');
        return null;
      end $mark$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger firms_sales_zone after update of timezone on firms for each row when (old.timezone is distinct from new.timezone) execute function firms_sales_zone()`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db);
  await (isPostgres(db) ? upPostgres(db) : upSqlite(db));
  // the orders already taken: every firm that sold something is summed whole on its first report
  await sql`insert into sales_dirty (firm_id, utc_day) select distinct firm_id, '*' from orders where paid_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of Object.keys(WATCHED)) {
      await sql.raw(`drop trigger if exists ${table}_sales on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${table}_sales_dirty()`).execute(db);
    }
    await sql.raw('drop trigger if exists firms_sales_zone on firms').execute(db);
    await sql.raw('drop function if exists firms_sales_zone()').execute(db);
  } else {
    for (const table of Object.keys(WATCHED))
      for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${table}_sales_${event}`).execute(db);
    await sql.raw('drop trigger if exists firms_sales_zone').execute(db);
  }
  for (const table of ['sales_item_days', 'sales_refund_days', 'sales_days', 'sales_dirty']) await db.schema.dropTable(table).execute();
}
