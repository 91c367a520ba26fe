import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the public marketplace reads (explore, firm pages, events, blog, saved): each
 * list is one index range scan, and the firm page finds its username case-insensitively.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createIndex('firms_username_lower')
    .on('firms')
    .expression(sql`lower(username)`)
    .execute();
  await s.createIndex('firms_status_name').on('firms').columns(['status_code', 'name']).execute();
  await s.createIndex('events_public_start').on('events').columns(['status_code', 'visibility', 'start_date_time']).execute();
  await s.createIndex('events_type_start').on('events').columns(['type_key', 'start_date_time']).execute();
  await s.createIndex('blog_posts_status_published').on('blog_posts').columns(['status_code', 'published_date']).execute();
  await s.createIndex('menu_items_firm').on('menu_items').columns(['firm_id', 'sort']).execute();
  await s.createIndex('saved_items_user_type').on('saved_items').columns(['user_id', 'entity_type_code', 'created_at']).execute();
  await s.createIndex('follows_user').on('follows').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'firms_username_lower',
    'firms_status_name',
    'events_public_start',
    'events_type_start',
    'blog_posts_status_published',
    'menu_items_firm',
    'saved_items_user_type',
    'follows_user',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
