import type { Kysely } from 'kysely';

/** The marketplace's tables. Types are portable between SQLite and PostgreSQL. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await s
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('short_id', 'text', (c) => c.notNull().unique())
    .addColumn('flip', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('image_path', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('status_code', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('region_preference', 'text', (c) => c.notNull().defaultTo('EU'))
    .addColumn('hour_format', 'integer', (c) => c.notNull().defaultTo(12))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('categories')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('industry_key', 'text', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable('firms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('short_id', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('industry_key', 'text', (c) => c.notNull())
    .addColumn('category_key', 'text', (c) => c.notNull())
    .addColumn('image_path', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('website', 'text')
    .addColumn('address_line', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('opening_hours', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('min_age', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('status_code', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('firms_category').on('firms').columns(['industry_key', 'category_key']).execute();

  await s
    .createTable('employments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_role', 'text', (c) => c.notNull())
    .addColumn('profession', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('employments_firm_user', ['firm_id', 'user_id'])
    .execute();
  await s.createIndex('employments_user').on('employments').column('user_id').execute();

  await s
    .createTable('menus')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('short_id', 'text', (c) => c.notNull().unique())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('menus_firm').on('menus').column('firm_id').execute();

  await s
    .createTable('menu_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('short_id', 'text', (c) => c.notNull().unique())
    .addColumn('menu_id', 'text', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('image_path', 'text')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('menu_items_menu').on('menu_items').column('menu_id').execute();

  await s
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('short_id', 'text', (c) => c.notNull().unique())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('image_path', 'text')
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('products_firm').on('products').column('firm_id').execute();

  await s
    .createTable('event_types')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('short_id', 'text', (c) => c.notNull().unique())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image_path', 'text')
    .addColumn('start_date_time', 'text', (c) => c.notNull())
    .addColumn('end_date_time', 'text')
    .addColumn('type_key', 'text', (c) => c.notNull().references('event_types.key'))
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('age_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status_code', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('visibility', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('events_start').on('events').column('start_date_time').execute();
  await s.createIndex('events_firm').on('events').column('firm_id').execute();

  await s
    .createTable('ticket_categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('ticket_categories_event').on('ticket_categories').column('event_id').execute();

  await s
    .createTable('event_addons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('event_addons_event').on('event_addons').column('event_id').execute();

  await s
    .createTable('blog_categories')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable('blog_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('short_id', 'text', (c) => c.notNull().unique())
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_summary', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('image_path', 'text')
    .addColumn('category_key', 'text', (c) => c.references('blog_categories.key'))
    .addColumn('status_code', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('published_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('blog_posts_published').on('blog_posts').column('published_date').execute();
  await s.createIndex('blog_posts_firm').on('blog_posts').column('firm_id').execute();

  await s
    .createTable('friendships')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('requester_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('addressee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('friendships_pair', ['requester_id', 'addressee_id'])
    .execute();
  await s.createIndex('friendships_addressee').on('friendships').column('addressee_id').execute();

  await s
    .createTable('follows')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['user_id', 'firm_id'])
    .execute();
  await s.createIndex('follows_firm').on('follows').column('firm_id').execute();

  await s
    .createTable('saved_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('entity_type_code', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('saved_items_user_entity', ['user_id', 'entity_id'])
    .execute();

  await s
    .createTable('featured_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('entity_type_code', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'media',
    'featured_items',
    'saved_items',
    'follows',
    'friendships',
    'blog_posts',
    'blog_categories',
    'event_addons',
    'ticket_categories',
    'events',
    'event_types',
    'products',
    'menu_items',
    'menus',
    'employments',
    'firms',
    'categories',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
