import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../connection';
import { hash } from '@node-rs/argon2';
import type { Database } from '../schema';
import type { Logger } from '../../lib/logger';
import { buildDemoData, type Rows } from './build';
import { buildLargeData, LARGE_INSERT_ORDER } from './large';
import { defaultCacheDir, renderAll } from './images';
import { mediaDir, renditionKey } from '../../lib/media';
import type { MediaStorage } from '../../lib/storage';
import { IMAGE_SIZES } from '../../../shared/media';

export const DEMO_LOGINS = {
  password: 'souk-demo-2025',
  accounts: [
    { email: 'layla@souk.test', role: 'owner: Café Dar Nour, Paper Lantern Books' },
    { email: 'omar@souk.test', role: 'employee: manager at Dar Nour, staff at Théâtre du Quai' },
    { email: 'sophie@souk.test', role: 'owner: The Blue Alley, Théâtre du Quai and 2 more' },
    { email: 'james@souk.test', role: 'visitor: friends, saved items, follows' },
  ] as { email: string; role: string }[],
};

export interface SeedOptions {
  dataDir: string;
  now: Date;
  logger?: Logger;
  /** folder of rendered pictures kept between seedings; default `node_modules/.cache/souk-seed`, null for none */
  imageCacheDir?: string | null;
  /** where the app keeps media (lib/storage.ts); the pictures are rendered into DATA_DIR/media, then copied there when it is elsewhere */
  storage?: MediaStorage;
}

/** A fixed salt keeps the demo rows identical from one seeding to the next (demo accounts only). */
const DEMO_SALT = new TextEncoder().encode('souk-demo-seed-salt');

/** Tables in foreign-key order. */
const INSERT_ORDER: (keyof Rows)[] = [
  'media',
  'categories',
  'event_types',
  'blog_categories',
  'users',
  'firms',
  'invoices',
  'employments',
  'menus',
  'menu_sections',
  'menu_items',
  'products',
  'events',
  'ticket_categories',
  'event_addons',
  'blog_posts',
  'friendships',
  'follows',
  'saved_items',
  'featured_items',
];

/**
 * Bound values per INSERT: under SQLite's limit (32,766) and PostgreSQL's (65,535), whatever the
 * table's width; one multi-row statement per chunk keeps a hundred thousand rows to seconds.
 */
const VALUES_PER_INSERT = 30_000;

async function insertRows(trx: Transaction<Database>, table: keyof Database, list: Record<string, unknown>[]): Promise<void> {
  const chunk = Math.max(1, Math.floor(VALUES_PER_INSERT / Object.keys(list[0] ?? { one: 1 }).length));
  for (let i = 0; i < list.length; i += chunk) {
    await trx
      .insertInto(table)
      .values(list.slice(i, i + chunk) as never)
      .execute();
  }
}

async function insertAll<T extends string>(trx: Transaction<Database>, order: readonly T[], rows: Record<T, unknown[]>): Promise<void> {
  for (const table of order) await insertRows(trx, table as keyof Database, rows[table] as Record<string, unknown>[]);
}

/** The demo's rows with its pictures rendered (and copied to the media storage when it is elsewhere). */
async function prepareDemo(options: SeedOptions): Promise<Rows> {
  const passwordHash = await hash(DEMO_LOGINS.password, { salt: DEMO_SALT });
  const { rows, pictures } = buildDemoData(options.now, passwordHash);
  const cacheDir = options.imageCacheDir === undefined ? defaultCacheDir() : (options.imageCacheDir ?? undefined);
  const rendered = await renderAll(options.dataDir, pictures, { cacheDir });
  const storage = options.storage;
  if (storage && storage.folder !== mediaDir(options.dataDir)) {
    // some 900 renditions: one at a time to an object store is most of a first start, 16 at once is not
    const keys = rendered.flatMap((image) => IMAGE_SIZES.map((size) => renditionKey(image.id, size)));
    let next = 0;
    const upload = async () => {
      while (next < keys.length) {
        const key = keys[next++]!;
        await storage.put(key, await fs.readFile(path.join(mediaDir(options.dataDir), key)), 'image/webp');
      }
    };
    await Promise.all(Array.from({ length: 16 }, upload));
  }
  const created_at = options.now.toISOString();
  return { ...rows, media: rendered.map((image) => ({ ...image, created_at })) };
}

const countsOf = <T extends string>(order: readonly T[], rows: Record<T, unknown[]>) =>
  Object.fromEntries(order.map((table) => [table, rows[table].length]));

/** Seeds the full demo marketplace into an empty database; returns the row counts. */
export async function seedDemo(db: Kysely<Database>, options: SeedOptions): Promise<Record<string, number>> {
  const all = await prepareDemo(options);
  await db.transaction().execute((trx) => insertAll(trx, INSERT_ORDER, all));
  return countsOf(INSERT_ORDER, all);
}

/**
 * Seeds the demo marketplace and, at `scale` 1, a hundred times more of everything around it
 * (./large.ts); returns the row counts, the demo's included.
 */
export async function seedLarge(db: Kysely<Database>, options: SeedOptions & { scale: number }): Promise<Record<string, number>> {
  // the demo's rows come back with the seats its events sold in the large marketplace's orders
  const { demo, rows: large } = buildLargeData(await prepareDemo(options), options.now, options.scale);
  await db.transaction().execute(async (trx) => {
    await insertAll(trx, INSERT_ORDER, demo);
    await insertAll(trx, LARGE_INSERT_ORDER, large);
  });
  const counts: Record<string, number> = countsOf(INSERT_ORDER, demo);
  for (const [table, count] of Object.entries(countsOf(LARGE_INSERT_ORDER, large))) counts[table] = (counts[table] ?? 0) + count;
  return counts;
}

/** Seeds the demo marketplace (or the large one) when the database has no firm yet. Returns whether it seeded. */
export async function seedIfEmpty(db: Kysely<Database>, options: SeedOptions & { scale?: number; dialect?: Dialect }): Promise<boolean> {
  const any = await db.selectFrom('firms').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const started = performance.now();
  const counts = options.scale === undefined ? await seedDemo(db, options) : await seedLarge(db, { ...options, scale: options.scale });
  // PostgreSQL's planner knows nothing of a bulk load until autovacuum samples it, minutes later; plans made
  // meanwhile read whole tables where an index would do (a search at a hundred times the demo took 124 ms, 20
  // after this). SQLite is left without statistics: it never refreshes them, and the demo's sizes would stay its
  // belief as the tables grow.
  if (options.dialect === 'postgres') await sql`analyze`.execute(db);
  options.logger?.info(
    { ms: Math.round(performance.now() - started), counts },
    options.scale === undefined ? 'demo seed written' : 'large seed written',
  );
  return true;
}
