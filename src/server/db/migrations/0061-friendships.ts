import { sql, type Kysely } from 'kysely';

/**
 * Friendships as one row per pair of people (`pair_key`: the two ids in order, unique), a stored
 * friend count on each user that moves by ±1 with the row and can never go below 0 (a CHECK), who
 * may send you requests, and the settings of /profile/settings that follow the account across devices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.alterTable('friendships').addColumn('pair_key', 'text').execute();
  await sql`update friendships set pair_key = case when requester_id < addressee_id
    then requester_id || ':' || addressee_id else addressee_id || ':' || requester_id end`.execute(db);
  // Two rows for one pair (A asked B and B asked A): keep the accepted one, else the older.
  await sql`delete from friendships where id in (
    select f.id from friendships f join friendships g on g.pair_key = f.pair_key and g.id <> f.id
    where (g.status = 'accepted' and f.status <> 'accepted')
       or (g.status = f.status and (g.created_at < f.created_at or (g.created_at = f.created_at and g.id < f.id))))`.execute(db);
  await s.createIndex('friendships_pair_key').on('friendships').column('pair_key').unique().execute();
  await s.createIndex('friendships_requester_status').on('friendships').columns(['requester_id', 'status']).execute();
  await s.createIndex('friendships_addressee_status').on('friendships').columns(['addressee_id', 'status']).execute();

  await s
    .alterTable('users')
    .addColumn('total_friends', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`total_friends >= 0`),
    )
    .execute();
  await sql`update users set total_friends = (select count(*) from friendships f
    where f.status = 'accepted' and (f.requester_id = users.id or f.addressee_id = users.id))`.execute(db);
  /** 'everyone' | 'friends_of_friends' | 'nobody' */
  await s
    .alterTable('users')
    .addColumn('friend_requests_from', 'text', (c) => c.notNull().defaultTo('everyone'))
    .execute();
  /** 'default' | 'bright' | 'dark' | 'blackout' */
  await s
    .alterTable('users')
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('default'))
    .execute();
  await s
    .alterTable('users')
    .addColumn('lite_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .alterTable('users')
    .addColumn('help_text', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['help_text', 'lite_mode', 'theme', 'friend_requests_from', 'total_friends']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  for (const index of ['friendships_pair_key', 'friendships_requester_status', 'friendships_addressee_status']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable('friendships').dropColumn('pair_key').execute();
}
