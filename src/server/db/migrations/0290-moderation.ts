import type { Kysely } from 'kysely';

/**
 * Moderation of what members report: the actions admins took (with the state to restore and the
 * member's one appeal), the report rows each action closed (so an appeal reopens exactly those),
 * what the reported content said when reported, a suspension end on accounts and a hidden mark on reviews (posts and firms are hidden through
 * their status code, which every public read already filters on).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('moderation_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** 'dismiss' | 'warn' | 'hide' | 'suspend' | 'terminate' | 'restore' */
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_name', 'text', (c) => c.notNull())
    // the member told of it; gone with their account
    .addColumn('member_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('admin_user_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    /** a hidden post's or firm's status code before, for restore */
    .addColumn('prior_status', 'integer')
    /** a suspension's end */
    .addColumn('until', 'text')
    .addColumn('appeal', 'text')
    .addColumn('appealed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderation_actions_target').on('moderation_actions').columns(['target_type', 'target_id']).execute();
  await db.schema.alterTable('reports').addColumn('action_id', 'text').execute();
  // what the reported content said when reported: an edit afterwards does not wipe the evidence
  await db.schema
    .alterTable('reports')
    .addColumn('preview', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('suspended_until', 'text').execute();
  await db.schema.alterTable('reviews').addColumn('hidden_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reviews').dropColumn('hidden_at').execute();
  await db.schema.alterTable('users').dropColumn('suspended_until').execute();
  await db.schema.alterTable('reports').dropColumn('preview').execute();
  await db.schema.alterTable('reports').dropColumn('action_id').execute();
  await db.schema.dropTable('moderation_actions').execute();
}
