import type { Kysely } from 'kysely';

/**
 * Accounts and sessions: one `auth_sessions` row per login (the refresh-token family), its
 * rotating refresh tokens (stored hashed; a used one presented again revokes the family), and
 * the six-digit email codes of signup and password reset (hashed, expiring, attempt-limited).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('auth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('device_os', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('os_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('browser', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .execute();
  await s.createIndex('auth_sessions_user').on('auth_sessions').column('user_id').execute();

  await s
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('auth_sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await s.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

  await s
    .createTable('email_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .execute();
  await s.createIndex('email_codes_lookup').on('email_codes').columns(['purpose', 'email']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['email_codes', 'refresh_tokens', 'auth_sessions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
