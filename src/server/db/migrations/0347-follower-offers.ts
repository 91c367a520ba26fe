import type { Kysely } from 'kysely';

/**
 * Offers for followers (src/server/modules/promotions/follower-offers.ts): a promo code whose
 * `audience` is for followers is used by the firm's approved followers alone, and each of them is
 * told of it once. `promo_offer_sends` holds one row per code and follower, written before the
 * notice is asked for (its key makes a second fan-out find nobody new); `sent_at` is set by the
 * conditional UPDATE that lets exactly one run of the notice tell them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('promo_codes')
    .addColumn('audience', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('promo_offer_sends')
    .addColumn('code_id', 'text', (c) => c.notNull().references('promo_codes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addPrimaryKeyConstraint('promo_offer_sends_pk', ['code_id', 'user_id'])
    .execute();
  await db.schema.createIndex('promo_offer_sends_user').on('promo_offer_sends').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('promo_offer_sends').execute();
  await db.schema.alterTable('promo_codes').dropColumn('audience').execute();
}
