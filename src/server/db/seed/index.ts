import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { hash } from '@node-rs/argon2';
import type { Database } from '../schema';
import type { Logger } from '../../lib/logger';
import { buildDemoData, type Rows } from './build';
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

/** Rows per INSERT: well under SQLite's bound-variable limit for the widest table. */
const CHUNK = 100;

async function insertAll(trx: Transaction<Database>, rows: Rows): Promise<void> {
  for (const table of INSERT_ORDER) {
    const list = rows[table] as Record<string, unknown>[];
    for (let i = 0; i < list.length; i += CHUNK) {
      await trx
        .insertInto(table)
        .values(list.slice(i, i + CHUNK) as never)
        .execute();
    }
  }
}

/** Seeds the full demo marketplace into an empty database; returns the row counts. */
export async function seedDemo(db: Kysely<Database>, options: SeedOptions): Promise<Record<string, number>> {
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
  const all: Rows = { ...rows, media: rendered.map((image) => ({ ...image, created_at })) };
  await db.transaction().execute((trx) => insertAll(trx, all));
  return Object.fromEntries(INSERT_ORDER.map((table) => [table, all[table].length]));
}

/** Seeds the demo marketplace when the database has no firm yet. Returns whether it seeded. */
export async function seedIfEmpty(db: Kysely<Database>, options: SeedOptions): Promise<boolean> {
  const any = await db.selectFrom('firms').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const started = performance.now();
  const counts = await seedDemo(db, options);
  options.logger?.info({ ms: Math.round(performance.now() - started), counts }, 'demo seed written');
  return true;
}
