import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The workspace's customer list reads one row a person from `customer_summaries` instead of summing
 * every order, booking, follow and conversation of the firm on each request
 * (docs/decisions/074-customer-summaries.md).
 *
 * - `customer_summaries`: per firm and customer key, the figures the list shows and filters on, and
 *   `next_visit_at`, the earliest booking still to come when the row was summed (its time passing
 *   makes it the last visit, with no write to note it).
 * - `customer_dirty`: which customers of a firm changed since they were summed ('*': all of them,
 *   when the firm's currency changed or before the first list). Triggers append a row in the
 *   transaction of every write to what the figures come from, whichever code path makes it; the list
 *   sums those customers again from the source rows before it reads.
 * - Two indexes on bookings find a person's bookings when they are summed again: by account, and by
 *   the lower-cased guest email an account of that email takes over.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The columns of each table the figures come from. */
const WATCHED = {
  orders: ['firm_id', 'buyer_id', 'kind', 'paid_at', 'currency', 'total_minor', 'refunded_minor'],
  tickets: ['order_id', 'transferred_from', 'status'],
  bookings: ['firm_id', 'user_id', 'guest_name', 'guest_email', 'status', 'starts_at'],
  follows: ['firm_id', 'user_id', 'marketing_opt_in'],
  conversations: ['firm_id', 'customer_id', 'last_message_at'],
  // an account takes over the bookings a guest made with its email
  users: ['email'],
} as const;

type Watched = keyof typeof WATCHED;

const INSERT = 'insert into customer_dirty (firm_id, customer_key)';

/** The dirty rows a row of `table` makes, as INSERT statements over `row` (NEW or OLD in a trigger). */
function marksOf(table: Watched, row: string): string[] {
  switch (table) {
    case 'orders':
      return [`${INSERT} select ${row}.firm_id, ${row}.buyer_id where ${row}.buyer_id is not null`];
    case 'tickets':
      return [`${INSERT} select o.firm_id, o.buyer_id from orders o where o.id = ${row}.order_id and o.buyer_id is not null`];
    case 'bookings':
      // the key the list gives the booking (customer-summaries.ts): its account, the account with its email, the email, the booking
      return [
        `${INSERT} select ${row}.firm_id, coalesce(${row}.user_id,
          (select min(u.id) from users u where ${row}.guest_email <> '' and u.email = lower(${row}.guest_email)),
          case when ${row}.guest_email <> '' then 'email:' || lower(${row}.guest_email) else 'booking:' || ${row}.id end)`,
      ];
    case 'follows':
      return [`${INSERT} select ${row}.firm_id, ${row}.user_id`];
    case 'conversations':
      return [`${INSERT} select ${row}.firm_id, ${row}.customer_id`];
    case 'users': {
      const guests = `from bookings b where lower(b.guest_email) = lower(${row}.email) and b.user_id is null`;
      return [
        `${INSERT} select distinct b.firm_id, 'email:' || lower(b.guest_email) ${guests}`,
        `${INSERT} select distinct b.firm_id, ${row}.id ${guests}`,
      ];
    }
  }
}

async function createTables(db: Kysely<unknown>) {
  await db.schema
    .createTable('customer_dirty')
    .addColumn('firm_id', 'text', (c) => c.notNull())
    .addColumn('customer_key', 'text', (c) => c.notNull())
    .execute();
  // with the key, so that "has this firm any?" reads the index in its order (customer-summaries.ts)
  await db.schema.createIndex('customer_dirty_firm').on('customer_dirty').columns(['firm_id', 'customer_key']).execute();
  await db.schema
    .createTable('customer_summaries')
    .addColumn('firm_id', 'text', (c) => c.notNull())
    .addColumn('customer_key', 'text', (c) => c.notNull())
    .addColumn('guest_name', 'text')
    .addColumn('guest_email', 'text')
    .addColumn('spent_minor', 'bigint', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('tickets', 'integer', (c) => c.notNull())
    .addColumn('bookings', 'integer', (c) => c.notNull())
    .addColumn('transacted', 'integer', (c) => c.notNull())
    .addColumn('follows', 'integer', (c) => c.notNull())
    .addColumn('opt_in', 'integer', (c) => c.notNull())
    .addColumn('visit_at', 'text')
    .addColumn('visit_sort', 'text', (c) => c.notNull())
    .addColumn('next_visit_at', 'text')
    .addColumn('conversation_id', 'text')
    .addPrimaryKeyConstraint('customer_summaries_pk', ['firm_id', 'customer_key'])
    .execute();
  // the list's order, the latest visit first and the key as tiebreaker, read from the index
  await db.schema
    .createIndex('customer_summaries_visit')
    .on('customer_summaries')
    .columns(['firm_id', 'visit_sort desc', 'customer_key'])
    .execute();
  await db.schema.createIndex('customer_summaries_next_visit').on('customer_summaries').columns(['firm_id', 'next_visit_at']).execute();
  await db.schema.createIndex('bookings_user').on('bookings').columns(['user_id', 'firm_id']).execute();
  await db.schema
    .createIndex('bookings_guest_email_lower')
    .on('bookings')
    .expression(sql`lower(guest_email)`)
    .execute();
}

async function upSqlite(db: Kysely<unknown>) {
  for (const [table, columns] of Object.entries(WATCHED) as [Watched, readonly string[]][]) {
    const marks = (row: string) => marksOf(table, row).join('; ');
    await sql.raw(`create trigger ${table}_customers_insert after insert on ${table} begin ${marks('new')}; end`).execute(db);
    await sql
      .raw(
        `create trigger ${table}_customers_update after update of ${columns.join(', ')} on ${table} begin ${marks('old')}; ${marks('new')}; end`,
      )
      .execute(db);
    await sql.raw(`create trigger ${table}_customers_delete after delete on ${table} begin ${marks('old')}; end`).execute(db);
  }
  await sql
    .raw(
      `create trigger firms_customers_currency after update of currency on firms when old.currency is not new.currency begin ${INSERT} values (new.id, '*'); end`,
    )
    .execute(db);
}

async function upPostgres(db: Kysely<unknown>) {
  for (const [table, columns] of Object.entries(WATCHED) as [Watched, readonly string[]][]) {
    const marks = (row: string) => marksOf(table, row).join('; ');
    await sql
      .raw(
        `create function ${table}_customers_dirty() returns trigger language plpgsql as $mark$
        begin
          if TG_OP <> 'INSERT' then ${marks('old')}; end if;
          if TG_OP <> 'DELETE' then ${marks('new')}; end if;
          return null;
        end $mark$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_customers after insert or delete or update of ${columns.join(', ')} on ${table} for each row execute function ${table}_customers_dirty()`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create function firms_customers_currency() returns trigger language plpgsql as $mark$
      begin
        ${INSERT} values (new.id, '*');
        return null;
      end $mark$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger firms_customers_currency after update of currency on firms for each row when (old.currency is distinct from new.currency) execute function firms_customers_currency()`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db);
  await (isPostgres(db) ? upPostgres(db) : upSqlite(db));
  // the customers firms already have: each firm's are summed whole before its first list
  await sql`insert into customer_dirty (firm_id, customer_key) select id, '*' from firms`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of Object.keys(WATCHED)) {
      await sql.raw(`drop trigger if exists ${table}_customers on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${table}_customers_dirty()`).execute(db);
    }
    await sql.raw('drop trigger if exists firms_customers_currency on firms').execute(db);
    await sql.raw('drop function if exists firms_customers_currency()').execute(db);
  } else {
    for (const table of Object.keys(WATCHED))
      for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${table}_customers_${event}`).execute(db);
    await sql.raw('drop trigger if exists firms_customers_currency').execute(db);
  }
  await db.schema.dropIndex('bookings_guest_email_lower').execute();
  await db.schema.dropIndex('bookings_user').execute();
  for (const table of ['customer_summaries', 'customer_dirty']) await db.schema.dropTable(table).execute();
}
