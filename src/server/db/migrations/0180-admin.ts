import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The operator's side: platform admins named by the operator (a command; ADMIN_EMAILS names more
 * without a row), the audit log of what they did, and the feature switches they set at run time
 * (FEATURES_OFF stays the start value: a key without a row keeps it).
 *
 * The audit log is append-only in the database itself, not only for want of an editing route:
 * a trigger refuses every UPDATE and DELETE, whoever sends it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform_admins')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('admin_audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_user_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_log_created').on('admin_audit_log').columns(['created_at', 'id']).execute();
  await db.schema
    .createTable('feature_switches')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'admin_audit_log is append-only'; END; $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER admin_audit_log_no_change BEFORE UPDATE OR DELETE ON admin_audit_log
      FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only()`.execute(db);
  } else {
    for (const change of ['UPDATE', 'DELETE']) {
      await sql
        .raw(
          `CREATE TRIGGER admin_audit_log_no_${change.toLowerCase()} BEFORE ${change} ON admin_audit_log
           BEGIN SELECT RAISE(ABORT, 'admin_audit_log is append-only'); END`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feature_switches').execute();
  await db.schema.dropTable('admin_audit_log').execute();
  await db.schema.dropTable('platform_admins').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`DROP FUNCTION admin_audit_log_append_only()`.execute(db);
}
