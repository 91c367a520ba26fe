import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { insertShopOrder, signedIn } from '../../testing/order-fixtures';
import { insertBookingTable, insertGuestBooking, ticketRow } from '../../testing/customer-fixtures';
import { createAccount } from '../auth/accounts.service';
import { encodeCursor } from '../../../shared/paging';
import { customerDetailSchema, customerPageSchema, customerSchema, type Customer, type CustomerPage } from '../../../shared/customers';

const w = useWorkspace();
const db = () => w.ctx.deps.db;

async function page(query = '', size = 100): Promise<CustomerPage> {
  const response = await w.as('owner', `/api/dashboard/customers?firmId=${FIRM}&size=${size}${query}`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const body = JSON.parse(text) as CustomerPage;
  // the answer is the shared schema exactly (zod drops unknown keys: an extra field fails like a missing one)
  expect(customerPageSchema.parse(body)).toEqual(body);
  return body;
}

const keys = (list: CustomerPage) => list.content.map((customer) => customer.key);
const find = (list: CustomerPage, key: string) => list.content.find((customer) => customer.key === key) as Customer;

async function csv(query: string, language = 'en') {
  const response = await w.as('owner', `/api/dashboard/customers/csv?firmId=${FIRM}${query}`, { headers: { 'Accept-Language': language } });
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return { status: response.status, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

const booking = (id: string, extra: Parameters<typeof insertGuestBooking>[4]) => insertGuestBooking(db(), FIRM, 'cust-table', id, extra);

let buyer: { userId: string; email: string };
let follower: { userId: string; email: string };
let writer: { userId: string };
let buyerOrderRef: string;

beforeAll(async () => {
  await insertBookingTable(db(), FIRM, 'cust-table');
  buyer = await w.newPerson();
  await db().updateTable('users').set({ first_name: 'Amina', last_name: 'Buyer' }).where('id', '=', buyer.userId).execute();
  // two paid orders, one of them partly refunded; one never paid; a sale at the till does not count
  buyerOrderRef = await insertShopOrder(db(), FIRM, buyer.userId, { total_minor: 3600, created_at: '2026-05-02T10:00:00.000Z' });
  await insertShopOrder(db(), FIRM, buyer.userId, { total_minor: 5000, refunded_minor: 1200, created_at: '2026-05-03T10:00:00.000Z' });
  await insertShopOrder(db(), FIRM, buyer.userId, { total_minor: 9999, status: 'expired', created_at: '2026-05-04T10:00:00.000Z' });
  await insertShopOrder(db(), FIRM, buyer.userId, { total_minor: 777, kind: 'till', created_at: '2026-05-05T10:00:00.000Z' });
  // a ticket order: two tickets, one of them passed to a friend (the new ticket is not a second purchase), one void
  const ticketRef = await insertShopOrder(db(), FIRM, buyer.userId, {
    kind: 'tickets',
    event_id: 'e1',
    total_minor: 4500,
    refunded_minor: 1500,
    created_at: '2026-05-06T10:00:00.000Z',
  });
  const ticketOrder = await db().selectFrom('orders').select('id').where('reference', '=', ticketRef).executeTakeFirstOrThrow();
  const ticket = (id: string, status: string, from: string | null = null) => ticketRow(ticketOrder.id, buyer.userId, id, status, from);
  await db()
    .insertInto('tickets')
    .values([ticket('ct-1', 'active'), ticket('ct-2', 'transferred'), ticket('ct-3', 'active', 'ct-2'), ticket('ct-4', 'void')])
    .execute();
  // a booking the buyer made as a guest with their account's email joins their row
  await booking('cb-buyer', { guest_email: buyer.email.toUpperCase(), starts_at: '2026-05-25T19:00:00.000Z' });

  // a guest without an account, keyed by email: two bookings, one of them cancelled
  await booking('cb-guest-1', { guest_email: 'Walker@Example.test' });
  await booking('cb-guest-2', { guest_email: 'walker@example.test', status: 'cancelled' });

  follower = await w.newPerson();
  await db().insertInto('follows').values({ user_id: follower.userId, firm_id: FIRM, created_at: '2026-05-01T00:00:00.000Z' }).execute();

  writer = await w.newPerson();
  await db()
    .updateTable('users')
    .set({ first_name: '=HYPERLINK("http://evil.test")', last_name: '' })
    .where('id', '=', writer.userId)
    .execute();
  await db()
    .insertInto('conversations')
    .values({
      id: 'cust-conv',
      firm_id: FIRM,
      customer_id: writer.userId,
      created_at: '2026-05-07T10:00:00.000Z',
      last_message_at: '2026-05-07T10:00:00.000Z',
      blocked_at: null,
    })
    .execute();
});

describe('the customers of a firm', () => {
  it("sums each person's paid orders minus refunds, their tickets and bookings, one row a person", async () => {
    const list = await page();
    const amina = find(list, buyer.userId);
    expect(amina).toMatchObject({
      name: 'Amina Buyer',
      email: buyer.email,
      spentMinor: 3600 + (5000 - 1200) + (4500 - 1500),
      currency: 'EUR',
      orders: 3,
      tickets: 2,
      bookings: 1,
      follows: false,
      lastVisitAt: '2026-05-25T19:00:00.000Z',
    });
    expect(find(list, 'email:walker@example.test')).toMatchObject({
      userId: null,
      name: 'Guest Walker',
      email: 'walker@example.test',
      bookings: 1,
    });
    // a follower who never bought shows no email; one who wrote links to the conversation
    expect(find(list, follower.userId)).toMatchObject({ follows: true, email: null, orders: 0, lastVisitAt: null });
    expect(find(list, writer.userId)).toMatchObject({ conversationId: 'cust-conv', lastVisitAt: '2026-05-07T10:00:00.000Z' });
    expect(new Set(keys(list)).size).toBe(list.content.length);
  });

  it("gives totals equal to the database's own sums over the orders", async () => {
    const list = await page();
    const { rows } = await sql<{ spent: unknown; orders: unknown; buyers: unknown }>`
      select sum(total_minor - refunded_minor) as spent, count(*) as orders, count(distinct buyer_id) as buyers
      from orders where firm_id = ${FIRM} and paid_at is not null and kind <> 'till' and currency = 'EUR'`.execute(db());
    expect(list.content.reduce((sum, customer) => sum + customer.spentMinor, 0)).toBe(Number(rows[0].spent));
    expect(list.content.reduce((sum, customer) => sum + customer.orders, 0)).toBe(Number(rows[0].orders));
    expect(list.content.filter((customer) => customer.orders > 0)).toHaveLength(Number(rows[0].buyers));
    const followers = await db()
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('firm_id', '=', FIRM)
      .executeTakeFirstOrThrow();
    expect(list.content.filter((customer) => customer.follows)).toHaveLength(Number(followers.n));
  });

  it('searches by name, flip and email, and filters by what people did', async () => {
    expect(keys(await page('&q=amina'))).toEqual([buyer.userId]);
    expect(keys(await page(`&q=${encodeURIComponent(follower.userId.slice(0, 12))}`))).toContain(follower.userId);
    expect(keys(await page('&q=WALKER%40example'))).toEqual(['email:walker@example.test']);
    // the follower's email is not shown, so it does not find them either
    expect(keys(await page(`&q=${encodeURIComponent(follower.email)}`))).toEqual([]);
    // a search with wildcards finds them literally
    expect(keys(await page('&q=%25'))).toEqual([]);
    expect(keys(await page('&bought=true'))).toContain(buyer.userId);
    expect(keys(await page('&bought=true'))).not.toContain(follower.userId);
    expect(keys(await page('&booked=true')).sort()).toEqual([buyer.userId, 'email:walker@example.test'].sort());
    expect(keys(await page('&follower=true'))).toContain(follower.userId);
    expect(keys(await page('&follower=true'))).not.toContain(buyer.userId);
  });

  it('pages by cursor: every customer once in the list’s order, a guest’s email of any script in the cursor; a cursor it did not give is 400', async () => {
    await booking('cb-zoe', { guest_email: 'zoë@exämple.test', starts_at: '2026-05-21T19:00:00.000Z' });
    const whole = await page();
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const next: CustomerPage = await page(`${cursor ? `&cursor=${cursor}` : ''}`, 2);
      expect(next.totalElements).toBe(whole.totalElements);
      walked.push(...keys(next));
      cursor = next.nextCursor;
    } while (cursor);
    expect(walked).toEqual(keys(whole));
    expect(walked).toContain('email:zoë@exämple.test');
    // the same search and filters apply to every page
    expect(keys(await page('&bought=true', 1)).length).toBe(1);
    const refused = await w.as('owner', `/api/dashboard/customers?firmId=${FIRM}&cursor=${encodeCursor(['yesterday', buyer.userId])}`);
    expect(refused.status).toBe(400);
    await db().deleteFrom('bookings').where('id', '=', 'cb-zoe').execute();
  });

  it('keeps the team’s notes and tags, filters by a tag, and shows the detail', async () => {
    const saved = await w.as('manager', `/api/dashboard/customers/${buyer.userId}/notes?firmId=${FIRM}`, {
      method: 'PUT',
      body: JSON.stringify({ notes: '  Likes the olive oil  ', tags: ['vip', 'regular', 'vip'] }),
    });
    const customer = customerSchema.parse(await saved.json());
    expect(customer).toMatchObject({ notes: 'Likes the olive oil', tags: ['regular', 'vip'] });
    expect(keys(await page('&tag=vip'))).toEqual([buyer.userId]);
    expect(await (await w.as('owner', `/api/dashboard/customers/tags?firmId=${FIRM}`)).json()).toEqual({ tags: ['regular', 'vip'] });

    const response = await w.as('owner', `/api/dashboard/customers/${buyer.userId}?firmId=${FIRM}`);
    const detail = customerDetailSchema.parse(await response.json());
    expect(detail.orders.map((order) => order.reference)).toContain(buyerOrderRef);
    expect(detail.orders.map((order) => order.kind)).not.toContain('till');
    expect(detail.orders.find((order) => order.kind === 'tickets')?.tickets).toBe(2);
    expect(detail.bookings.map((one) => one.id)).toEqual(['cb-buyer']);
    const guest = customerDetailSchema.parse(
      await (await w.as('owner', `/api/dashboard/customers/${encodeURIComponent('email:walker@example.test')}?firmId=${FIRM}`)).json(),
    );
    expect(guest.bookings.map((one) => one.id).sort()).toEqual(['cb-guest-1', 'cb-guest-2']);
    expect(guest.orders).toEqual([]);

    // someone who is not a customer of the firm has neither a detail nor notes
    const stranger = await w.newPerson();
    expect((await w.as('owner', `/api/dashboard/customers/${stranger.userId}?firmId=${FIRM}`)).status).toBe(404);
    const refused = await w.as('owner', `/api/dashboard/customers/${stranger.userId}/notes?firmId=${FIRM}`, {
      method: 'PUT',
      body: JSON.stringify({ notes: 'x', tags: [] }),
    });
    expect(refused.status).toBe(404);
    const badTag = await w.as('owner', `/api/dashboard/customers/${buyer.userId}/notes?firmId=${FIRM}`, {
      method: 'PUT',
      body: JSON.stringify({ notes: '', tags: ['a,b'] }),
    });
    expect(badTag.status).toBe(400);
  });

  it('lets a follower give and take back consent to marketing mail, which the team reads and filters by', async () => {
    const cookie = await signedIn(w.ctx, follower.userId);
    const consent = (optIn: boolean, firmId = FIRM) =>
      w.ctx.request(`/api/user/follows/${firmId}/marketing`, {
        method: 'PUT',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ optIn }),
      });
    const given = await consent(true);
    expect(await given.json()).toMatchObject({ following: true, marketingOptIn: true });
    expect(find(await page(), follower.userId)).toMatchObject({ marketingOptIn: true, email: follower.email });
    expect(keys(await page('&consents=true'))).toEqual([follower.userId]);
    expect(await (await consent(false)).json()).toMatchObject({ marketingOptIn: false });
    expect(keys(await page('&consents=true'))).toEqual([]);
    // not following the other firm: nothing to consent on
    expect((await consent(true, 'f2')).status).toBe(404);
  });

  it('exports the filtered list as CSV, escaped, with formulas kept as text', async () => {
    await w.as('owner', `/api/dashboard/customers/${writer.userId}/notes?firmId=${FIRM}`, {
      method: 'PUT',
      body: JSON.stringify({ notes: '+33 calls, "twice"\nthen writes', tags: ['@risk'] }),
    });
    const { status, text } = await csv('&q=hyperlink');
    expect(status).toBe(200);
    expect(text.startsWith('\uFEFFName,Username,Email,Total spent,')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(lines[1]).toContain(`'@risk`);
    expect(text).toContain(`"'+33 calls, ""twice""\nthen writes"`);

    const bought = await csv('&bought=true', 'fr');
    expect(bought.text.startsWith('\uFEFFNom,')).toBe(true);
    expect(bought.text).toContain('Amina Buyer');
    expect(bought.text).toContain('104.00,EUR,3,2,1,non,non');
    expect(bought.text).not.toContain('Guest Walker');
  });

  it('moves the notes and tags written on a guest to their account when they sign up with that email', async () => {
    const guestKey = encodeURIComponent('email:walker@example.test');
    await w.as('owner', `/api/dashboard/customers/${guestKey}/notes?firmId=${FIRM}`, {
      method: 'PUT',
      body: JSON.stringify({ notes: 'Prefers the window table', tags: ['regular'] }),
    });
    const userId = await db()
      .transaction()
      .execute((trx) =>
        createAccount(
          trx,
          {
            firstName: 'Sam',
            lastName: 'Walker',
            email: 'walker@example.test',
            passwordHash: null,
            googleSub: null,
            dateOfBirth: null,
            language: 'en',
          },
          new Date().toISOString(),
        ),
      );
    const list = await page();
    expect(keys(list)).not.toContain('email:walker@example.test');
    expect(find(list, userId)).toMatchObject({ notes: 'Prefers the window table', tags: ['regular'], bookings: 1 });
  });

  it('refuses a role without the permission to see customers', async () => {
    expect((await w.as('staff', `/api/dashboard/customers?firmId=${FIRM}`)).status).toBe(403);
    expect((await w.as('staff', `/api/dashboard/customers/csv?firmId=${FIRM}`)).status).toBe(403);
    const write = await w.as('staff', `/api/dashboard/customers/${buyer.userId}/notes?firmId=${FIRM}`, {
      method: 'PUT',
      body: JSON.stringify({ notes: 'x', tags: [] }),
    });
    expect(write.status).toBe(403);
    // and another firm's owner sees none of this firm's customers
    expect((await w.as('otherOwner', `/api/dashboard/customers?firmId=${FIRM}`)).status).toBe(403);
  });
});
