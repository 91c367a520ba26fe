import type { Kysely } from 'kysely';

/**
 * The workspace: a firm's plan and currency, invitations to its team, the activity its
 * home page lists, and the invoices of its paid plans. Employments already exist (0001); removing
 * someone sets `active` to 0, so an invitation accepted later reuses the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('firms')
    .addColumn('plan_key', 'text', (c) => c.notNull().defaultTo('free'))
    .execute();
  await s
    .alterTable('firms')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('EUR'))
    .execute();
  // the end of the paid period; null on the free plan
  await s.alterTable('firms').addColumn('plan_renews_at', 'text').execute();

  await s
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    // by email (lower case) or by a person's flip (then the user is known at once)
    .addColumn('email', 'text')
    .addColumn('invitee_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('user_role', 'text', (c) => c.notNull())
    .addColumn('profession', 'text')
    // SHA-256 of the token of the emailed link
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    // pending | accepted | declined | revoked
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('responded_at', 'text')
    .execute();
  await s.createIndex('invitations_firm').on('invitations').columns(['firm_id', 'status']).execute();
  await s.createIndex('invitations_email').on('invitations').columns(['email', 'status']).execute();
  await s.createIndex('invitations_invitee').on('invitations').columns(['invitee_user_id', 'status']).execute();

  await s
    .createTable('firm_activity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('actor_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // what it is about: a person's name, a plan key, …
    .addColumn('subject', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('firm_activity_firm').on('firm_activity').columns(['firm_id', 'created_at']).execute();

  await s
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    // human reference, e.g. SOUK-2026-000042
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('plan_key', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    // paid | refunded
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('payment_ref', 'text')
    .addColumn('issued_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('invoices_firm').on('invoices').columns(['firm_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['invoices', 'firm_activity', 'invitations']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const column of ['plan_renews_at', 'currency', 'plan_key']) {
    await db.schema.alterTable('firms').dropColumn(column).execute();
  }
}
