import fs from 'node:fs';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { verify } from '@node-rs/argon2';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { renditionPath } from '../../lib/media';
import { IMAGE_SIZES } from '../../../shared/media';
import { ENTITY_TYPE } from '../../../shared/entity-types';
import { isPossibleFirmUsername } from '../../../shared/usernames';
import { DEMO_LOGINS, seedIfEmpty } from './index';

const NOW = new Date('2026-03-14T09:30:00.000Z');

/** The route words of the brief; the shared list (checked too) is a superset. */
const ROUTE_WORDS = [
  'explore',
  'events',
  'event',
  'blog',
  'about',
  'profile',
  'workspace',
  'login',
  'signup',
  'password',
  'google',
  'api',
  'media',
  'assets',
  'food',
  'shop',
  'services',
  'category',
  'showcase',
  'news',
  'help',
  'faq',
  'privacy',
  'terms',
  'aup',
  'maintenance',
  'create-firm',
  'fladmin',
  '404',
  'icons',
];

async function digest(ctx: TestContext): Promise<string> {
  const db = ctx.deps.db;
  const parts = await Promise.all([
    db.selectFrom('firms').selectAll().orderBy('id').execute(),
    db.selectFrom('events').selectAll().orderBy('id').execute(),
    db.selectFrom('ticket_categories').selectAll().orderBy('id').execute(),
    db.selectFrom('blog_posts').select(['id', 'short_id', 'name', 'published_date', 'image_path']).orderBy('id').execute(),
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('menu_items').selectAll().orderBy('id').execute(),
    db.selectFrom('media').selectAll().orderBy('id').execute(),
  ]);
  return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

async function count(
  ctx: TestContext,
  table: 'firms' | 'users' | 'blog_posts' | 'friendships' | 'employments' | 'featured_items' | 'follows' | 'saved_items' | 'media',
): Promise<number> {
  const row = await ctx.deps.db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('demo marketplace seed', () => {
  let a: TestContext;
  let b: TestContext;
  // a renders every picture into an empty cache, b builds its rows afresh and copies the pictures
  const imageCacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-seed-cache-'));

  beforeAll(async () => {
    a = await createTestContext();
    b = await createTestContext();
    expect(await seedIfEmpty(a.deps.db, { dataDir: a.dataDir, now: NOW, imageCacheDir })).toBe(true);
    expect(await seedIfEmpty(b.deps.db, { dataDir: b.dataDir, now: NOW, imageCacheDir })).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    fs.rmSync(imageCacheDir, { recursive: true, force: true });
  });

  it('has at least 40 active firms across the five industries, with unique, allowed usernames', async () => {
    const firms = await a.deps.db.selectFrom('firms').selectAll().execute();
    expect(firms.length).toBeGreaterThanOrEqual(40);
    const industries = new Set(firms.map((f) => f.industry_key));
    expect([...industries].sort()).toEqual(['events', 'foodandbeverage', 'services', 'shoppingandretail', 'technology']);
    for (const industry of industries) expect(firms.filter((f) => f.industry_key === industry).length).toBeGreaterThanOrEqual(5);
    expect(new Set(firms.map((f) => f.username)).size).toBe(firms.length);
    for (const f of firms) {
      expect(f.username).toBe(f.username.toLowerCase());
      expect(ROUTE_WORDS).not.toContain(f.username);
      expect(isPossibleFirmUsername(f.username)).toBe(true);
      expect(f.short_id).toMatch(/^[A-Za-z0-9_-]{8,}$/);
      expect(f.image_path).toBeTruthy();
      const hours = JSON.parse(f.opening_hours) as { day: number; open: string; close: string }[];
      expect(hours.length).toBeGreaterThan(0);
      for (const h of hours) {
        expect(h.day).toBeGreaterThanOrEqual(0);
        expect(h.day).toBeLessThanOrEqual(6);
        expect(h.open).toMatch(/^\d\d:\d\d$/);
        expect(h.close).toMatch(/^\d\d:\d\d$/);
      }
    }
    const languages = new Set(firms.map((f) => f.language));
    expect(languages).toEqual(new Set(['en', 'ar', 'fr']));
    const categories = await a.deps.db.selectFrom('categories').selectAll().execute();
    for (const f of firms) expect(categories.find((c) => c.key === f.category_key)?.industry_key).toBe(f.industry_key);
    for (const c of categories) expect(Object.keys(JSON.parse(c.names)).sort()).toEqual(['ar', 'en', 'fr']);
  });

  it('gives food firms menus with priced, tagged items and shops their products', async () => {
    const db = a.deps.db;
    const items = await db.selectFrom('menu_items').selectAll().execute();
    expect(items.length).toBeGreaterThanOrEqual(60);
    expect(items.every((i) => i.price_minor > 0 && /^[A-Z]{3}$/.test(i.currency))).toBe(true);
    expect(items.filter((i) => i.image_path).length / items.length).toBeGreaterThan(0.75);
    const tags = new Set(items.flatMap((i) => JSON.parse(i.tags) as string[]));
    for (const tag of ['vegan', 'gluten-free', 'contains-nuts', 'spicy']) expect(tags).toContain(tag);
    const products = await db.selectFrom('products').selectAll().execute();
    expect(products.length).toBeGreaterThanOrEqual(30);
    expect(products.every((p) => p.image_path && p.stock > 0)).toBe(true);
    expect(new Set([...items, ...products].map((i) => i.currency)).size).toBeGreaterThanOrEqual(5);
  });

  it('has at least 30 upcoming events with ticket categories, add-ons and long descriptions', async () => {
    const db = a.deps.db;
    const events = await db.selectFrom('events').selectAll().execute();
    const categories = await db.selectFrom('ticket_categories').selectAll().execute();
    const addons = await db.selectFrom('event_addons').selectAll().execute();
    const from = NOW.getTime() + 86_400_000;
    const to = NOW.getTime() + 90 * 86_400_000;
    const upcoming = events.filter((e) => Date.parse(e.start_date_time) >= from && Date.parse(e.start_date_time) <= to);
    expect(upcoming.length).toBe(events.length);
    expect(upcoming.length).toBeGreaterThanOrEqual(30);
    const perEvent = events.map((e) => categories.filter((c) => c.event_id === e.id));
    expect(perEvent.filter((c) => c.length >= 2).length).toBeGreaterThanOrEqual(20);
    expect(perEvent.filter((c) => c.length === 1).length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...perEvent.map((c) => c.length))).toBeLessThanOrEqual(4);
    for (const [i, e] of events.entries()) expect(e.capacity).toBe(perEvent[i]!.reduce((sum, c) => sum + c.capacity, 0));
    const addonCounts = events.map((e) => addons.filter((x) => x.event_id === e.id).length);
    expect(addonCounts.some((n) => n === 0)).toBe(true);
    expect(addonCounts.some((n) => n >= 2)).toBe(true);
    expect(Math.max(...addonCounts)).toBeLessThanOrEqual(3);
    expect(events.filter((e) => e.description.length > 290).length).toBeGreaterThanOrEqual(5);
    expect(new Set(events.map((e) => e.currency)).size).toBeGreaterThanOrEqual(4);
    expect(events.every((e) => e.image_path && e.status_code === 1 && e.visibility === 1)).toBe(true);
    const storyHour = events.find((e) => e.name.startsWith('Saturday Story Hour'))!;
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', hour: '2-digit', minute: '2-digit' });
    expect(local.format(new Date(storyHour.start_date_time))).toBe('Sat 10:30');
  });

  it('has at least 30 published blog posts from the last 120 days with safe HTML', async () => {
    const posts = await a.deps.db.selectFrom('blog_posts').selectAll().execute();
    expect(posts.length).toBeGreaterThanOrEqual(30);
    for (const p of posts) {
      expect(p.status_code).toBe(1);
      const published = Date.parse(p.published_date!);
      expect(published).toBeLessThan(NOW.getTime());
      expect(published).toBeGreaterThan(NOW.getTime() - 120 * 86_400_000);
      expect(p.content).toMatch(/<p>/);
      expect(p.content).not.toMatch(/<script|on\w+=|javascript:/i);
      expect(p.short_summary.length).toBeGreaterThan(10);
      expect(p.image_path).toBeTruthy();
    }
    expect(posts.some((p) => p.content.includes('<h2>'))).toBe(true);
    expect(posts.some((p) => p.content.includes('<ul>'))).toBe(true);
  });

  it('has 20 users with friendships, employments, follows, saved and featured items', async () => {
    const db = a.deps.db;
    expect(await count(a, 'users')).toBe(20);
    const friendships = await db.selectFrom('friendships').selectAll().execute();
    expect(friendships.filter((f) => f.status === 'accepted').length).toBeGreaterThanOrEqual(20);
    expect(friendships.filter((f) => f.status === 'pending').length).toBeGreaterThanOrEqual(2);
    expect(await count(a, 'follows')).toBeGreaterThan(40);
    expect(await count(a, 'saved_items')).toBeGreaterThan(5);

    const firms = await count(a, 'firms');
    const owners = await db.selectFrom('employments').selectAll().where('user_role', '=', 'OWNER').execute();
    expect(new Set(owners.map((o) => o.firm_id)).size).toBe(firms);
    const staff = await db.selectFrom('employments').selectAll().where('user_role', 'in', ['MANAGER', 'STAFF']).execute();
    expect(staff.length).toBeGreaterThanOrEqual(5);

    const layla = await db.selectFrom('users').selectAll().where('email', '=', DEMO_LOGINS.accounts[0]!.email).executeTakeFirstOrThrow();
    expect(owners.filter((o) => o.user_id === layla.id)).toHaveLength(2);
    expect(await verify(layla.password_hash!, DEMO_LOGINS.password)).toBe(true);
    for (const account of DEMO_LOGINS.accounts) {
      expect(await db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirst()).toBeTruthy();
    }

    const featured = await db.selectFrom('featured_items').selectAll().execute();
    expect(featured.length).toBeGreaterThanOrEqual(10);
    const codes = new Set(featured.map((f) => f.entity_type_code));
    for (const code of [ENTITY_TYPE.FIRM, ENTITY_TYPE.EVENT, ENTITY_TYPE.BLOG, ENTITY_TYPE.PRODUCT, ENTITY_TYPE.MENU_ITEM])
      expect(codes).toContain(code);
  });

  it('stores every picture in small, medium and large WebP renditions', async () => {
    const media = await a.deps.db.selectFrom('media').selectAll().execute();
    expect(media.length).toBeGreaterThan(150);
    for (const m of media) {
      expect(m.color).toMatch(/^#[0-9a-f]{6}$/);
      for (const size of IMAGE_SIZES) {
        const file = renditionPath(a.dataDir, m.id, size);
        expect(fs.existsSync(file), file).toBe(true);
        expect(fs.readFileSync(file).subarray(8, 12).toString()).toBe('WEBP');
      }
      const medium = fs.statSync(renditionPath(a.dataDir, m.id, 'medium')).size;
      expect(medium).toBeLessThan(40 * 1024);
    }
    const referenced = await a.deps.db
      .selectFrom('firms')
      .select('image_path')
      .union(a.deps.db.selectFrom('events').select('image_path'))
      .union(a.deps.db.selectFrom('menu_items').select('image_path'))
      .execute();
    const ids = new Set(media.map((m) => m.id));
    for (const r of referenced) if (r.image_path) expect(ids).toContain(r.image_path);
  });

  it('is deterministic: two fresh databases get identical rows', async () => {
    expect(await digest(a)).toBe(await digest(b));
  });

  it('keeps rendered pictures in the cache and reuses them byte for byte', async () => {
    const media = await b.deps.db.selectFrom('media').select('id').orderBy('id').limit(20).execute();
    expect(fs.readdirSync(imageCacheDir).filter((f) => f.endsWith('.webp')).length).toBeGreaterThanOrEqual(media.length * 3);
    for (const { id } of media) {
      for (const size of IMAGE_SIZES) {
        expect(fs.readFileSync(renditionPath(b.dataDir, id, size)).equals(fs.readFileSync(renditionPath(a.dataDir, id, size)))).toBe(true);
      }
    }
  });

  it('does not seed a database that already has firms', async () => {
    const before = await count(a, 'media');
    expect(await seedIfEmpty(a.deps.db, { dataDir: a.dataDir, now: new Date() })).toBe(false);
    expect(await count(a, 'media')).toBe(before);
  });
});
