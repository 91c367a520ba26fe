import { beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../testing/marketplace-fixtures';
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { FOLLOWERS_ONLY_REFUSAL } from '../../../shared/audience';

/**
 * Followers-only items: the fixture's event e1, post b2 and dish i1 (Café Lumière, f1) and book p1
 * (Pages & Co, f3) are for followers. A follower of both firms sees and buys them, the team of f1
 * sees its items; a signed-out visitor and a stranger whose request waits are told they do not exist.
 */
const w = useWorkspace();
const SHOP = 'f3';
const EVENT = 'evte1xx';

type Person = { userId: string; send: (path: string, init?: RequestInit) => Promise<Response> };
let follower: Person;
let stranger: Person;

async function member(): Promise<Person> {
  const person = await w.newPerson();
  const cookie = await login(w.ctx, person.email);
  return { userId: person.userId, send: (path, init = {}) => w.market.as(cookie, path, init) };
}

const anonymous: Person = { userId: '', send: (path, init = {}) => w.ctx.request(path, init) };
const staff: Person = { userId: '', send: (path, init = {}) => w.as('staff', path, init) };

const read = async (who: Person, path: string) => {
  const response = await who.send(path);
  return { status: response.status, text: await response.text(), cacheControl: response.headers.get('cache-control') };
};
const eventsOf = async (who: Person) => {
  const response = await who.send('/api/public/events?size=50', { method: 'POST', body: JSON.stringify({ firmId: FIRM }) });
  return ((await response.json()) as { content: { shortId: string; followersOnly: boolean }[] }).content;
};
const eventsFound = async (who: Person) =>
  ((await (await who.send('/api/public/search/events?q=moonlit')).json()) as { totalElements: number }).totalElements;

beforeAll(async () => {
  const db = w.ctx.deps.db;
  await db.updateTable('events').set({ audience: 1, name: 'Moonlit jazz' }).where('id', '=', 'e1').execute();
  await db.updateTable('blog_posts').set({ audience: 1 }).where('id', '=', 'b2').execute();
  await db.updateTable('menu_items').set({ audience: 1 }).where('id', '=', 'i1').execute();
  await db.updateTable('products').set({ audience: 1 }).where('id', '=', 'p1').execute();
  follower = await member();
  stranger = await member();
  const since = '2026-05-01T00:00:00.000Z';
  await db
    .insertInto('follows')
    .values([
      { user_id: follower.userId, firm_id: FIRM, created_at: since },
      { user_id: follower.userId, firm_id: SHOP, created_at: since },
    ])
    .execute();
  // a request that waits for the firm's answer is not an approval
  await db.insertInto('follow_requests').values({ user_id: stranger.userId, firm_id: FIRM, created_at: since }).execute();
});

describe('a followers-only item outside its audience', () => {
  it('is a 404 on its API, the same answer as an item that does not exist', async () => {
    const missing = await read(anonymous, '/api/public/events/sid/nosuchevent');
    for (const who of [anonymous, stranger]) {
      const answer = await read(who, `/api/public/events/sid/${EVENT}`);
      expect(answer.status).toBe(404);
      expect(answer.text).toBe(missing.text);
      expect((await read(who, `/api/public/events/sid/${EVENT}/calendar.ics`)).status).toBe(404);
      expect((await read(who, '/api/public/blog-posts/sid/blogb2xx')).status).toBe(404);
      expect((await read(who, '/api/public/products/sid/prod0001')).status).toBe(404);
      expect((await read(who, '/api/public/menu/items/item0001')).status).toBe(404);
    }
  });

  it('is left out of the firm page, its lists, explore, search and the showroom', async () => {
    for (const who of [anonymous, stranger]) {
      expect((await eventsOf(who)).map((e) => e.shortId)).not.toContain(EVENT);
      expect((await read(who, '/api/public/blog-posts?firmUsername=CafeLumiere')).text).not.toContain('blogb2xx');
      expect((await read(who, `/api/public/products?firmId=${SHOP}&size=50`)).text).not.toContain('prod0001');
      expect((await read(who, `/api/public/menu?firmId=${FIRM}`)).text).not.toContain('item0001');
      expect(await eventsFound(who)).toBe(0);
      expect((await read(who, '/api/public/search?q=croissant')).text).not.toContain('item0001');
      expect(JSON.parse((await read(who, '/api/public/firms/u/CafeLumiere')).text)).toMatchObject({ upcomingEvents: 0 });
    }
    const concerts = JSON.parse((await read(anonymous, '/api/user/explore/events')).text) as { types: { key: string; upcoming: number }[] };
    expect(concerts.types.find((t) => t.key === 'concert')?.upcoming).toBe(0);
    expect((await read(anonymous, '/api/user/explore/featured-showrooms')).text).not.toContain(EVENT);
  });

  it('cannot be put in a cart nor bought: refused at checkout in the buyer’s language', async () => {
    const ticket = { eventId: 'e1', categoryId: 't1', holderIds: [stranger.userId], addons: [], expectedTotal: 1500, currency: 'EUR' };
    const refused = await stranger.send('/api/user/orders/tickets', {
      method: 'POST',
      headers: { 'Idempotency-Key': 'stranger-ticket-1', 'Accept-Language': 'fr' },
      body: JSON.stringify(ticket),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'followers_only', detail: FOLLOWERS_ONLY_REFUSAL.fr });

    const put = await stranger.send('/api/user/cart/items', {
      method: 'PUT',
      body: JSON.stringify({ itemType: 'product', itemId: 'p1', quantity: 1 }),
    });
    expect(put.status).toBe(404);
    // a line put in the cart before the book became followers-only
    await w.ctx.deps.db
      .insertInto('cart_items')
      .values({
        user_id: stranger.userId,
        firm_id: SHOP,
        item_type: 'product',
        item_id: 'p1',
        variant_id: '',
        quantity: 1,
        added_at: '2026-06-01T00:00:00.000Z',
      })
      .execute();
    const cart = await stranger.send(`/api/user/orders/cart/${SHOP}`, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'stranger-cart-1', 'Accept-Language': 'ar' },
      body: JSON.stringify({ expectedTotal: 1001, currency: 'EUR', fulfilment: 'pickup' }),
    });
    expect(cart.status).toBe(403);
    expect(await cart.json()).toMatchObject({ code: 'followers_only', detail: FOLLOWERS_ONLY_REFUSAL.ar });
  });
});

describe('a followers-only item for its audience', () => {
  it('is shown, marked, to an approved follower and to the team', async () => {
    for (const who of [follower, staff]) {
      const answer = await read(who, `/api/public/events/sid/${EVENT}`);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ shortId: EVENT, followersOnly: true });
      expect((await eventsOf(who)).find((e) => e.shortId === EVENT)).toMatchObject({ followersOnly: true });
      expect(await eventsFound(who)).toBe(1);
      expect((await read(who, '/api/public/blog-posts/sid/blogb2xx')).status).toBe(200);
      expect((await read(who, `/api/public/menu?firmId=${FIRM}`)).text).toContain('item0001');
    }
    expect(JSON.parse((await read(follower, '/api/public/products/sid/prod0001')).text)).toMatchObject({ followersOnly: true });
    expect(JSON.parse((await read(follower, '/api/public/firms/u/CafeLumiere')).text)).toMatchObject({ upcomingEvents: 1 });
  });

  it('is bought by an approved follower, tickets and cart alike', async () => {
    const ticket = { eventId: 'e1', categoryId: 't1', holderIds: [follower.userId], addons: [], expectedTotal: 1500, currency: 'EUR' };
    const bought = await follower.send('/api/user/orders/tickets', {
      method: 'POST',
      headers: { 'Idempotency-Key': 'follower-ticket-1' },
      body: JSON.stringify(ticket),
    });
    expect(bought.status).toBe(201);
    const put = await follower.send('/api/user/cart/items', {
      method: 'PUT',
      body: JSON.stringify({ itemType: 'product', itemId: 'p1', quantity: 1 }),
    });
    expect(put.status).toBe(200);
    const cart = await follower.send(`/api/user/orders/cart/${SHOP}`, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'follower-cart-1' },
      body: JSON.stringify({ expectedTotal: 1001, currency: 'EUR', fulfilment: 'pickup' }),
    });
    expect(cart.status).toBe(201);
  });
});

describe('the public caches', () => {
  it('never give a follower’s answer to anyone else, nor a visitor’s answer to a follower', async () => {
    const path = '/api/public/blog-posts?firmUsername=CafeLumiere';
    // the follower first: their answer is theirs (private), not kept for the visitor who asks next
    const theirs = await read(follower, path);
    expect(theirs.text).toContain('blogb2xx');
    expect(theirs.cacheControl).toMatch(/^private/);
    const visitor = await read(anonymous, path);
    expect(visitor.text).not.toContain('blogb2xx');
    expect(visitor.cacheControl).toMatch(/^public/);
    // the visitor's answer is now kept: the follower still gets their own
    expect((await read(follower, path)).text).toContain('blogb2xx');
    expect((await read(stranger, path)).text).not.toContain('blogb2xx');
  });
});
