import type { Kysely } from 'kysely';

/**
 * `jobs`: work that must happen even if the process doing it dies (a webhook delivery, a refund,
 * a mail). A row is inserted in the transaction that makes the work necessary, claimed by one
 * process at a time for a lease, deleted once done; a failure moves `run_at` on by a back-off,
 * and a job out of attempts keeps its row with `failed_at` for the operator (lib/jobs).
 *
 * `payments.mismatch`: what a provider reported when its amount or currency differed from the
 * payment's (the change was refused); shown to the seller.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.unique())
    .addColumn('tag', 'text')
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_run_at').on('jobs').column('run_at').execute();
  await db.schema.createIndex('jobs_tag').on('jobs').column('tag').execute();
  await db.schema.alterTable('payments').addColumn('mismatch', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('mismatch').execute();
  await db.schema.dropTable('jobs').ifExists().execute();
}
