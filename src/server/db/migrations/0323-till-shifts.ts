import type { Kysely } from 'kysely';

/**
 * The till's cash drawer: a shift opened with a float and closed with the cash counted, the cash
 * put in or taken out of the drawer between, and each till sale tied to the shift it was made in.
 * `open_key` is the firm's id while the shift is open and null once it is closed: its unique index
 * keeps one open shift per firm on SQLite and PostgreSQL alike (nulls never clash).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('till_shifts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('open_key', 'text')
    .addColumn('float_minor', 'integer', (c) => c.notNull())
    .addColumn('opened_by', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('counted_minor', 'integer')
    .addColumn('closed_by', 'text')
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('till_shifts_open_key').on('till_shifts').column('open_key').unique().execute();
  await db.schema.createIndex('till_shifts_firm_opened').on('till_shifts').columns(['firm_id', 'opened_at']).execute();
  await db.schema
    .createTable('till_cash_moves')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shift_id', 'text', (c) => c.notNull().references('till_shifts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('by_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('till_cash_moves_shift').on('till_cash_moves').column('shift_id').execute();
  await db.schema.alterTable('till_sales').addColumn('shift_id', 'text').execute();
  await db.schema.createIndex('till_sales_shift').on('till_sales').column('shift_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('till_sales_shift').execute();
  await db.schema.alterTable('till_sales').dropColumn('shift_id').execute();
  await db.schema.dropTable('till_cash_moves').execute();
  await db.schema.dropTable('till_shifts').execute();
}
