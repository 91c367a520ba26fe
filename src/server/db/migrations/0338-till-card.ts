import type { Kysely } from 'kysely';

/**
 * A till sale paid wholly or partly by card: `card_minor` is the part the payment provider takes,
 * the rest is cash (`tendered_minor` and `change_minor` are about the cash alone). Sales made
 * before are all cash: 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('till_sales')
    .addColumn('card_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('till_sales').dropColumn('card_minor').execute();
}
