import { hash } from '@node-rs/argon2';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestContext } from './test-app';

const names = (en: string) => JSON.stringify({ en, ar: `${en} (ar)`, fr: `${en} (fr)` });
const allWeek = (open: string, close: string) => JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open, close })));

/**
 * A small marketplace for server tests: 3 firms (one 18+, one closed all the time), menus,
 * products, events (past, upcoming, hidden), blog posts (published, draft, future), two users.
 * `now` is fixed by the test's clock: Wednesday 2026-06-10 12:00 UTC.
 */
export const FIXTURE_NOW = new Date('2026-06-10T12:00:00.000Z');

export async function insertMarketplace(db: Kysely<Database>) {
  const created = '2026-01-01T00:00:00.000Z';
  await db.insertInto('media').values({ id: 'img1', width: 1200, height: 800, color: '#aa8866', created_at: created }).execute();
  await db
    .insertInto('categories')
    .values([
      { key: 'restaurant', industry_key: 'foodandbeverage', names: names('Restaurant'), sort: 1 },
      { key: 'cafe', industry_key: 'foodandbeverage', names: names('Café'), sort: 2 },
      { key: 'bookshop', industry_key: 'shoppingandretail', names: names('Bookshop'), sort: 1 },
    ])
    .execute();
  const firm = (id: string, username: string, name: string, extra: Partial<Insertable<Database['firms']>> = {}) => ({
    id,
    short_id: `sid${id}`,
    username,
    name,
    description: `${name} serves the neighbourhood.`,
    industry_key: 'foodandbeverage',
    category_key: 'restaurant',
    image_path: null,
    phone: '+33 1 23 45 67 89',
    email: null,
    website: null,
    address_line: '1 Rue de la Paix',
    city: 'Paris',
    country: 'France',
    latitude: 48.8686,
    longitude: 2.3309,
    opening_hours: allWeek('08:00', '22:00'),
    timezone: 'Europe/Paris',
    min_age: 0,
    language: 'fr',
    status_code: 1,
    created_at: created,
    ...extra,
  });
  await db
    .insertInto('firms')
    .values([
      firm('f1', 'CafeLumiere', 'Café Lumière', { category_key: 'cafe', image_path: 'img1' }),
      firm('f2', 'nightowl', 'Night Owl Bar', { min_age: 18, opening_hours: allWeek('20:00', '02:00') }),
      firm('f3', 'pages', 'Pages & Co', { industry_key: 'shoppingandretail', category_key: 'bookshop', opening_hours: '[]' }),
    ])
    .execute();
  await db
    .insertInto('menus')
    .values({ id: 'm1', short_id: 'menu0001', firm_id: 'f1', name: 'Breakfast', description: null, sort: 1 })
    .execute();
  await db.insertInto('menu_sections').values({ id: 'm1', menu_id: 'm1', firm_id: 'f1', name: null, sort: 1 }).execute();
  await db
    .insertInto('menu_items')
    .values([
      {
        id: 'i1',
        short_id: 'item0001',
        menu_id: 'm1',
        section_id: 'm1',
        firm_id: 'f1',
        name: 'Croissant',
        description: 'Butter',
        price_minor: 250,
        currency: 'EUR',
        image_path: null,
        tags: '["vegetarian","contains-gluten"]',
        available: 1,
        sort: 1,
      },
      {
        id: 'i2',
        short_id: 'item0002',
        menu_id: 'm1',
        section_id: 'm1',
        firm_id: 'f1',
        name: 'Espresso',
        description: null,
        price_minor: 180,
        currency: 'EUR',
        image_path: null,
        tags: '["vegan"]',
        available: 1,
        sort: 2,
      },
    ])
    .execute();
  await db
    .insertInto('products')
    .values(
      [1, 2, 3, 4, 5].map((n) => ({
        id: `p${n}`,
        short_id: `prod000${n}`,
        firm_id: 'f3',
        name: `Book ${n}`,
        description: null,
        price_minor: 1000 + n,
        currency: 'EUR',
        image_path: null,
        stock: n === 5 ? 0 : 10,
        sold: 0,
        created_at: `2026-02-0${n}T00:00:00.000Z`,
      })),
    )
    .execute();
  await db
    .insertInto('event_types')
    .values([
      { key: 'concert', names: names('Concert'), sort: 1 },
      { key: 'workshop', names: names('Workshop'), sort: 2 },
    ])
    .execute();
  const event = (id: string, start: string, extra: Partial<Insertable<Database['events']>> = {}) => ({
    id,
    short_id: `evt${id}xx`,
    firm_id: 'f1',
    name: `Event ${id}`,
    description: 'x'.repeat(400),
    image_path: null,
    start_date_time: start,
    end_date_time: null,
    type_key: 'concert',
    capacity: 100,
    sold: 10,
    currency: 'EUR',
    age_limit: 0,
    status_code: 1,
    visibility: 1,
    created_at: created,
    ...extra,
  });
  await db
    .insertInto('events')
    .values([
      event('e1', '2026-06-20T19:00:00.000Z'),
      event('e2', '2026-07-01T19:00:00.000Z', { type_key: 'workshop', name: 'Pottery workshop', firm_id: 'f2' }),
      event('e3', '2026-05-01T19:00:00.000Z', { name: 'Past concert' }),
      event('e4', '2026-06-25T19:00:00.000Z', { visibility: 0, name: 'Unlisted gig' }),
    ])
    .execute();
  await db
    .insertInto('ticket_categories')
    .values([
      { id: 't1', event_id: 'e1', name: 'Standard', description: 'Standing room.', price_minor: 1500, capacity: 80, sold: 5, sort: 1 },
      { id: 't2', event_id: 'e1', name: 'VIP', description: 'Front row, one drink.', price_minor: 4500, capacity: 20, sold: 5, sort: 2 },
    ])
    .execute();
  await db.insertInto('event_addons').values({ id: 'a1', event_id: 'e1', name: 'Poster', price_minor: 500, sort: 1 }).execute();
  await db
    .insertInto('blog_categories')
    .values({ key: 'news', names: names('News'), sort: 1 })
    .execute();
  const post = (id: string, firm: string, published: string | null, extra: Partial<Insertable<Database['blog_posts']>> = {}) => ({
    id,
    short_id: `blog${id}xx`,
    firm_id: firm,
    name: `Post ${id}`,
    short_summary: 'Summary',
    content: '<p>Hello</p>',
    image_path: null,
    category_key: 'news',
    status_code: 1,
    published_date: published,
    created_at: created,
    ...extra,
  });
  await db
    .insertInto('blog_posts')
    .values([
      post('b1', 'f1', '2026-06-01T10:00:00.000Z', {
        content: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a><strong>bold</strong></p>',
      }),
      post('b2', 'f1', '2026-06-02T10:00:00.000Z'),
      post('b3', 'f3', '2026-06-03T10:00:00.000Z'),
      post('b4', 'f3', null, { status_code: 0 }),
      post('b5', 'f3', '2026-12-01T10:00:00.000Z'),
    ])
    .execute();
  await db
    .insertInto('featured_items')
    .values([
      { id: 'fe1', entity_id: 'e1', entity_type_code: 60, sort: 2 },
      { id: 'fe2', entity_id: 'f1', entity_type_code: 20, sort: 1 },
      { id: 'fe3', entity_id: 'b1', entity_type_code: 90, sort: 3 },
      { id: 'fe4', entity_id: 'gone', entity_type_code: 20, sort: 4 },
    ])
    .execute();
}

export const PASSWORD = 'correct horse battery';

/** A person's row with a password set later (or never): for tests that write many people at once. */
export function personRow(id: string, extra: Partial<Insertable<Database['users']>> = {}): Insertable<Database['users']> {
  return {
    id,
    short_id: `usr${id}`,
    flip: `flip-${id}`,
    first_name: 'Test',
    last_name: id,
    email: `${id}@example.com`,
    password_hash: null,
    google_sub: null,
    image_path: null,
    date_of_birth: '1990-01-01',
    status_code: 1,
    is_private: 0,
    region_preference: 'EU',
    hour_format: 24,
    language: 'en',
    created_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export async function insertPerson(db: Kysely<Database>, id: string, extra: Partial<Insertable<Database['users']>> = {}) {
  await db
    .insertInto('users')
    .values(personRow(id, { password_hash: await hash(PASSWORD), ...extra }))
    .execute();
}

/** Logs in through the auth endpoint and returns the Cookie header to send. */
export async function login(ctx: TestContext, email: string): Promise<string> {
  const response = await ctx.request('/api/iam/login/email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/**
 * A module test file's app on a fresh database holding the fixture marketplace, its clock at
 * `FIXTURE_NOW`: call at the top of the file, read `.ctx` inside the tests.
 */
export function useMarketplace() {
  let current: TestContext | undefined;
  beforeAll(async () => {
    current = await createTestContext({ clock: () => FIXTURE_NOW });
    await insertMarketplace(current.deps.db);
  });
  afterAll(() => current?.close());
  const context = (): TestContext => {
    if (!current) throw new Error('useMarketplace(): the context exists once beforeAll has run');
    return current;
  };
  /** a request's status, content type and JSON body */
  const json = async (path: string, init?: RequestInit) => {
    const response = await context().request(path, init);
    return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
  };
  return {
    /** the app on the fixture marketplace (there once `beforeAll` has run) */
    get ctx() {
      return context();
    },
    json,
    /** a JSON POST, answered like `json` */
    post: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      json(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) }),
    /** a JSON request with the cookies of `login(...)` */
    as: (cookie: string, path: string, init: RequestInit = {}) =>
      context().request(path, { ...init, headers: { Cookie: cookie, 'Content-Type': 'application/json', ...(init.headers ?? {}) } }),
  };
}

/**
 * Two signed-in members for the signed-in reads: alice (public profile) and bob (private).
 * Call after `useMarketplace()`; read the Cookie headers inside the tests.
 */
export function useMembers(market: ReturnType<typeof useMarketplace>) {
  const cookies = { alice: '', bob: '' };
  beforeAll(async () => {
    await insertPerson(market.ctx.deps.db, 'alice');
    await insertPerson(market.ctx.deps.db, 'bob', { is_private: 1 });
    cookies.alice = await login(market.ctx, 'alice@example.com');
    cookies.bob = await login(market.ctx, 'bob@example.com');
  });
  return {
    get alice() {
      return cookies.alice;
    },
    get bob() {
      return cookies.bob;
    },
  };
}
