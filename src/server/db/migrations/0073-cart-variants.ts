import type { Kysely } from 'kysely';

/**
 * A product with variants is sold by its variant: a cart line names the variant
 * ('' for a product without variants or a menu item: a primary key column cannot be NULL on
 * PostgreSQL), so one user may hold size M and size L of the same product as two lines. The
 * primary key changes, so the table is rebuilt (SQLite cannot alter a primary key). An order line
 * keeps the variant it sold (its id, and its name at purchase time: the label reads
 * "Product — Size L"), so expiry and refunds give the stock back to that variant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuildCart(db, true);
  await db.schema.alterTable('order_lines').addColumn('variant_id', 'text').execute();
  await db.schema.alterTable('order_lines').addColumn('variant_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('variant_name').execute();
  await db.schema.alterTable('order_lines').dropColumn('variant_id').execute();
  await db
    .deleteFrom('cart_items' as never)
    .where('variant_id' as never, '!=', '' as never)
    .execute();
  await rebuildCart(db, false);
}

async function rebuildCart(db: Kysely<unknown>, withVariant: boolean) {
  const s = db.schema;
  const key = ['user_id', 'item_type', 'item_id', ...(withVariant ? ['variant_id'] : [])];
  let table = s
    .createTable('cart_items_next')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull());
  if (withVariant) table = table.addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''));
  await table
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(withVariant ? 'cart_items_variant_pk' : 'cart_items_pk', key as never)
    .execute();
  const columns = ['user_id', 'firm_id', 'item_type', 'item_id', 'quantity', 'added_at'] as never[];
  await db
    .insertInto('cart_items_next' as never)
    .columns(columns)
    .expression(db.selectFrom('cart_items' as never).select(columns))
    .execute();
  await s.dropTable('cart_items').execute();
  await s.alterTable('cart_items_next').renameTo('cart_items').execute();
  await s.createIndex('cart_items_user_firm').on('cart_items').columns(['user_id', 'firm_id']).execute();
}
