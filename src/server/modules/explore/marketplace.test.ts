import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { FIXTURE_NOW, insertMarketplace, insertPerson, login } from './marketplace-fixtures';

let ctx: TestContext;
const json = async (path: string, init?: RequestInit) => {
  const response = await ctx.request(path, init);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
};
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  json(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => FIXTURE_NOW });
  await insertMarketplace(ctx.deps.db);
});
afterAll(() => ctx.close());

describe('explore', () => {
  it('lists industries with their categories and event types', async () => {
    const { status, body } = await json('/api/user/explore/industries');
    expect(status).toBe(200);
    const food = body.find((i: { key: string }) => i.key === 'foodandbeverage');
    expect(food.categories.map((c: { key: string }) => c.key)).toEqual(['restaurant', 'cafe']);
    expect(food.path).toBe('/food');
    expect(body.find((i: { key: string }) => i.key === 'events').categories.map((c: { key: string }) => c.key)).toEqual(['concert', 'workshop']);
  });

  it('counts firms per category and upcoming listed events per type', async () => {
    const food = (await json('/api/user/explore/foodandbeverage')).body;
    expect(food.firms).toBe(2);
    expect(food.categories).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'cafe', firms: 1 })]));
    const events = (await json('/api/user/explore/events')).body;
    expect(events.types).toEqual([
      expect.objectContaining({ key: 'concert', upcoming: 1 }),
      expect.objectContaining({ key: 'workshop', upcoming: 1 }),
    ]);
  });

  it('resolves featured items in their curated order and drops missing ones', async () => {
    const { body } = await json('/api/user/explore/featured-showrooms');
    expect(body.map((i: { entityTypeCode: number; entityShortId: string }) => [i.entityTypeCode, i.entityShortId])).toEqual([
      [20, 'CafeLumiere'],
      [60, 'evte1xx'],
      [90, 'blogb1xx'],
    ]);
    expect(body[0]).toMatchObject({ entityName: 'Café Lumière', imagePath: 'img1', imageWidth: 1200, imageHeight: 800, imageColor: '#aa8866' });
  });
});

describe('firms', () => {
  it('pages with the paged shape and caps the size at the fetch limit', async () => {
    const { body } = await json('/api/public/firms?page=0&size=2');
    expect(body).toMatchObject({ first: true, last: false, page: 0, size: 2, totalElements: 3, totalPages: 2 });
    expect(body.content.map((f: { username: string }) => f.username)).toEqual(['CafeLumiere', 'nightowl']);
    const second = (await json('/api/public/firms?page=1&size=2')).body;
    expect(second).toMatchObject({ first: false, last: true, page: 1, totalElements: 3 });
    expect(second.content).toHaveLength(1);
    expect((await json('/api/public/firms?size=500')).body.size).toBe(50);
  });

  it('filters by category, name (case-insensitive), minimum age and open now in the firm time zone', async () => {
    const names = async (query: string) => (await json(`/api/public/firms?${query}`)).body.content.map((f: { username: string }) => f.username);
    expect(await names('categoryKey=cafe')).toEqual(['CafeLumiere']);
    expect(await names('industryKey=shoppingandretail')).toEqual(['pages']);
    expect(await names('name=OWL')).toEqual(['nightowl']);
    expect(await names('name=%25')).toEqual([]);
    expect(await names('age=16')).toEqual(['CafeLumiere', 'pages']);
    // 12:00 UTC is 14:00 in Paris: the café is open, the bar (20:00–02:00) and the bookshop (no hours) are not.
    expect(await names('openNow=true')).toEqual(['CafeLumiere']);
    const cafe = (await json('/api/public/firms?openNow=true')).body;
    expect(cafe).toMatchObject({ totalElements: 1, content: [expect.objectContaining({ openNow: true })] });
  });

  it('answers a bad filter with a 400 problem naming the field', async () => {
    const { status, type, body } = await json('/api/public/firms?age=abc');
    expect(status).toBe(400);
    expect(type).toBe('application/problem+json');
    expect(body.errors).toHaveProperty('age');
  });

  it('finds a firm by username case-insensitively, never by a reserved word', async () => {
    const { status, body } = await json('/api/public/firms/u/cafelumiere');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      username: 'CafeLumiere',
      name: 'Café Lumière',
      openNow: true,
      hasMenu: true,
      upcomingEvents: 1,
      blogPosts: 2,
      followers: 0,
      imageWidth: 1200,
    });
    expect(body.openingHours).toHaveLength(7);
    expect((await json('/api/public/firms/u/CAFELUMIERE')).status).toBe(200);
    await ctx.deps.db.updateTable('firms').set({ username: 'explore' }).where('id', '=', 'f3').execute();
    const reserved = await json('/api/public/firms/u/explore');
    expect(reserved.status).toBe(404);
    expect(reserved.type).toBe('application/problem+json');
    await ctx.deps.db.updateTable('firms').set({ username: 'pages' }).where('id', '=', 'f3').execute();
    expect((await json('/api/public/firms/u/nobody-here')).status).toBe(404);
  });

  it('draws the firm page QR code as SVG and PNG', async () => {
    const svg = await ctx.request('/api/public/firms/u/cafelumiere/qr.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
    const png = await ctx.request('/api/public/firms/u/CafeLumiere/qr.png');
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect((await ctx.request('/api/public/firms/u/ghost/qr.svg')).status).toBe(404);
  });
});

describe('menus and products', () => {
  it('returns menus with their items, prices and tags', async () => {
    const { body } = await json('/api/public/menu?firmId=f1');
    expect(body).toHaveLength(1);
    expect(body[0].items).toEqual([
      expect.objectContaining({ name: 'Croissant', priceMinor: 250, currency: 'EUR', tags: ['vegetarian', 'contains-gluten'] }),
      expect.objectContaining({ name: 'Espresso', tags: ['vegan'] }),
    ]);
    expect((await json('/api/public/menu/items/i1')).body).toMatchObject({ firmUsername: 'CafeLumiere', menuName: 'Breakfast' });
    expect((await json('/api/public/menu/items/nope')).status).toBe(404);
  });

  it('pages products of a firm with the default size 4', async () => {
    const { body } = await json('/api/public/products?firmId=f3');
    expect(body).toMatchObject({ size: 4, totalElements: 5, totalPages: 2, first: true, last: false });
    expect(body.content[0]).toMatchObject({ name: 'Book 5', inStock: false });
  });
});

describe('events', () => {
  it('lists upcoming listed events soonest first, filtered by the body', async () => {
    const all = await post('/api/public/events?page=0&size=10', {});
    expect(all.body.content.map((e: { shortId: string }) => e.shortId)).toEqual(['evte1xx', 'evte2xx']);
    expect(all.body.content[0]).toMatchObject({ priceFrom: 1500, firmUsername: 'CafeLumiere', type: { key: 'concert' } });
    const byType = await post('/api/public/events', { type: 'workshop' });
    expect(byType.body.content.map((e: { name: string }) => e.name)).toEqual(['Pottery workshop']);
    const byFirm = await post('/api/public/events', { firmUsername: 'nightowl' });
    expect(byFirm.body.totalElements).toBe(1);
    const past = await post('/api/public/events', { from: '2026-01-01T00:00:00Z', to: '2026-06-01T00:00:00Z' });
    expect(past.body.content.map((e: { name: string }) => e.name)).toEqual(['Past concert']);
    expect((await post('/api/public/events', { name: 'pottery' })).body.totalElements).toBe(1);
    expect((await post('/api/public/events', { from: 'yesterday' })).status).toBe(400);
  });

  it('shows an event with its ticket categories and add-ons, unlisted ones by link too', async () => {
    const { status, body } = await json('/api/public/events/sid/evte1xx');
    expect(status).toBe(200);
    expect(body.ticketCategories.map((t: { name: string; price: number }) => [t.name, t.price])).toEqual([
      ['Standard', 1500],
      ['VIP', 4500],
    ]);
    expect(body.addons).toEqual([{ addonId: 'a1', name: 'Poster', price: 500 }]);
    expect(body).toMatchObject({ capacity: 100, available: 90, description: 'x'.repeat(400) });
    expect((await json('/api/public/events/sid/evte4xx')).status).toBe(200);
  });

  it('answers an unknown short id with a 404 problem', async () => {
    const { status, type, body } = await json('/api/public/events/sid/nothere1');
    expect(status).toBe(404);
    expect(type).toBe('application/problem+json');
    expect(body).toMatchObject({ status: 404, title: 'Not Found', code: 'not_found', detail: 'Event not found.' });
  });
});

describe('blog', () => {
  it('lists published posts newest first, all or of one firm', async () => {
    const all = (await json('/api/public/blog-posts?page=0&size=2')).body;
    expect(all).toMatchObject({ totalElements: 3, totalPages: 2, first: true, last: false });
    expect(all.content.map((p: { shortId: string }) => p.shortId)).toEqual(['blogb3xx', 'blogb2xx']);
    expect(all.content[0]).toMatchObject({ category: { key: 'news' }, firmUsername: 'pages' });
    const firm = (await json('/api/public/blog-posts?firmUsername=CAFELUMIERE')).body;
    expect(firm.content.map((p: { shortId: string }) => p.shortId)).toEqual(['blogb2xx', 'blogb1xx']);
    expect((await json('/api/public/blog-posts?size=100')).body.size).toBe(32);
  });

  it('serves an article with sanitized HTML and 404s drafts and unknown ids', async () => {
    const { body } = await json('/api/public/blog-posts/sid/blogb1xx');
    expect(body.content).toContain('<strong>bold</strong>');
    expect(body.content).not.toMatch(/script|onclick|javascript:/);
    expect((await json('/api/public/blog-posts/sid/blogb4xx')).status).toBe(404);
    expect((await json('/api/public/blog-posts/sid/blogb5xx')).status).toBe(404);
    const unknown = await json('/api/public/blog-posts/sid/zzzzzzzz');
    expect(unknown.status).toBe(404);
    expect(unknown.type).toBe('application/problem+json');
  });
});

describe('saved items and follows', () => {
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    await insertPerson(ctx.deps.db, 'alice');
    await insertPerson(ctx.deps.db, 'bob', { is_private: 1 });
    alice = await login(ctx, 'alice@example.com');
    bob = await login(ctx, 'bob@example.com');
  });
  const as = (cookie: string, path: string, init: RequestInit = {}) =>
    ctx.request(path, { ...init, headers: { Cookie: cookie, 'Content-Type': 'application/json', ...(init.headers ?? {}) } });

  it('refuses signed-out callers', async () => {
    expect((await ctx.request('/api/user/user-saved/check/e1')).status).toBe(401);
    expect((await post('/api/user/user-saved', { entityId: 'e1', entityTypeCode: 60 })).status).toBe(401);
  });

  it('saves, checks, lists by type and deletes, idempotently', async () => {
    const created = await as(alice, '/api/user/user-saved', { method: 'POST', body: JSON.stringify({ entityId: 'e1', entityTypeCode: 60 }) });
    expect(created.status).toBe(201);
    const item = await created.json();
    const again = await as(alice, '/api/user/user-saved', { method: 'POST', body: JSON.stringify({ entityId: 'e1', entityTypeCode: 60 }) });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(item.id);
    expect(await (await as(alice, '/api/user/user-saved/check/e1')).json()).toEqual({ saved: true, id: item.id });
    const list = await (await as(alice, '/api/user/user-saved/by-entity-type?offset=0&limit=10&entitytc=60')).json();
    expect(list.content).toEqual([expect.objectContaining({ id: item.id, name: 'Event e1', path: '/event/evte1xx' })]);
    const none = await (await as(alice, '/api/user/user-saved/by-entity-type?offset=0&limit=10')).json();
    expect(none.content).toEqual([]);
    expect((await as(alice, `/api/user/user-saved/${item.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await as(alice, '/api/user/user-saved/check/e1')).json()).toEqual({ saved: false, id: null });
  });

  it("refuses another user's items: not visible, not deletable", async () => {
    const mine = await (await as(alice, '/api/user/user-saved', { method: 'POST', body: JSON.stringify({ entityId: 'f1', entityTypeCode: 20 }) })).json();
    expect(await (await as(bob, '/api/user/user-saved/check/f1')).json()).toEqual({ saved: false, id: null });
    const bobsList = await (await as(bob, '/api/user/user-saved/by-entity-type?offset=0&limit=10&entitytc=20')).json();
    expect(bobsList.totalElements).toBe(0);
    const denied = await as(bob, `/api/user/user-saved/${mine.id}`, { method: 'DELETE' });
    expect(denied.status).toBe(404);
    expect(await (await as(alice, '/api/user/user-saved/check/f1')).json()).toEqual({ saved: true, id: mine.id });
  });

  it('refuses to save what does not exist or an unsavable type', async () => {
    expect((await as(alice, '/api/user/user-saved', { method: 'POST', body: JSON.stringify({ entityId: 'nope', entityTypeCode: 60 }) })).status).toBe(404);
    expect((await as(alice, '/api/user/user-saved', { method: 'POST', body: JSON.stringify({ entityId: 'e1', entityTypeCode: 10 }) })).status).toBe(400);
  });

  it('follows and unfollows a firm, and lists followed firms', async () => {
    expect(await (await ctx.request('/api/user/follows/f1')).json()).toEqual({ following: false, followers: 0 });
    expect(await (await as(alice, '/api/user/follows/f1', { method: 'PUT' })).json()).toEqual({ following: true, followers: 1 });
    expect(await (await as(alice, '/api/user/follows/f1', { method: 'PUT' })).json()).toEqual({ following: true, followers: 1 });
    const following = await (await as(alice, '/api/user/profile/following')).json();
    expect(following.content.map((f: { username: string }) => f.username)).toEqual(['CafeLumiere']);
    expect((await json('/api/public/firms/u/cafelumiere')).body.followers).toBe(1);
    expect(await (await as(alice, '/api/user/follows/f1', { method: 'DELETE' })).json()).toEqual({ following: false, followers: 0 });
    expect((await ctx.request('/api/user/follows/f1', { method: 'PUT', headers: { origin: 'http://localhost' } })).status).toBe(401);
  });

  it('shows public profiles by flip; a private one shows less', async () => {
    const open = await (await as(bob, '/api/user/profile/profile-by-flip?flip=flip-alice')).json();
    expect(open).toMatchObject({ firstName: 'Test', isPrivate: false, totalFriends: 0, friendship: 'none' });
    const closed = await (await ctx.request('/api/user/profile/profile-by-flip?flip=flip-bob')).json();
    expect(closed).toMatchObject({ firstName: 'Test', isPrivate: true, totalFriends: null, memberSince: null });
    const self = await (await as(bob, '/api/user/profile/profile-by-flip?flip=flip-bob')).json();
    expect(self).toMatchObject({ friendship: 'self', totalFriends: 0 });
    expect((await ctx.request('/api/user/profile/profile-by-flip?flip=ghost')).status).toBe(404);
  });

  it("hides a private person's friends from strangers", async () => {
    await ctx.deps.db.insertInto('friendships').values({ id: 'fr1', requester_id: 'alice', addressee_id: 'bob', status: 'accepted', created_at: '2026-02-01T00:00:00.000Z' }).execute();
    const own = await (await as(bob, '/api/user/people/friends')).json();
    expect(own.content.map((p: { flip: string }) => p.flip)).toEqual(['flip-alice']);
    const asFriend = await (await as(alice, '/api/user/people/friends?userId=bob')).json();
    expect(asFriend.totalElements).toBe(1);
    const asStranger = await (await ctx.request('/api/user/people/friends?userId=bob')).json();
    expect(asStranger.totalElements).toBe(0);
    const profile = await (await as(alice, '/api/user/profile/profile-by-flip?flip=flip-bob')).json();
    expect(profile).toMatchObject({ friendship: 'friends', totalFriends: 1 });
  });

  it('lists people to discover without the viewer', async () => {
    const people = await (await as(alice, '/api/user/people?page=0&size=500')).json();
    expect(people.size).toBe(100);
    expect(people.content.map((p: { flip: string }) => p.flip)).toEqual(['flip-bob']);
  });
});
