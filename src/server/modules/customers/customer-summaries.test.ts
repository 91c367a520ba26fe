import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { insertShopOrder } from '../../testing/order-fixtures';
import { insertBookingTable, insertGuestBooking, ticketRow } from '../../testing/customer-fixtures';
import { createAccount } from '../auth/accounts.service';
import { createCustomerSummaries, summedCustomers } from './customer-summaries';

const w = useWorkspace();
const db = () => w.ctx.deps.db;

let now = '2026-06-01T12:00:00.000Z';
const summaries = () => createCustomerSummaries(db(), () => new Date(now));

const NUMBERS = ['spent_minor', 'orders', 'tickets', 'bookings', 'transacted', 'follows', 'opt_in'];

/** Rows as plain values: PostgreSQL answers its sums as strings. */
function plain(rows: Record<string, unknown>[]) {
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([column, value]) => [column, NUMBERS.includes(column) ? Number(value) : value])),
  );
}

/** The firm's summary rows, brought up to date as the list does. */
async function stored() {
  await summaries().refresh(FIRM);
  const rows = await db().selectFrom('customer_summaries').selectAll().where('firm_id', '=', FIRM).orderBy('customer_key').execute();
  return plain(rows);
}

/** The firm's customers summed from every order, booking, follow and conversation of the firm, now. */
async function computed() {
  const firm = await db().selectFrom('firms').select('currency').where('id', '=', FIRM).executeTakeFirstOrThrow();
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from (${summedCustomers(FIRM, firm.currency, now)}) s order by s.customer_key`.execute(db());
  return plain(rows);
}

async function expectExact() {
  const rows = await stored();
  expect(rows).toEqual(await computed());
  return rows;
}

const rowOf = (rows: Record<string, unknown>[], key: string) => rows.find((row) => row.customer_key === key);

const booking = (id: string, extra: Parameters<typeof insertGuestBooking>[4]) => insertGuestBooking(db(), FIRM, 'sum-table', id, extra);

beforeAll(async () => {
  await insertBookingTable(db(), FIRM, 'sum-table');
  // the firm's customers before these tests are summed whole first
  await db().insertInto('customer_dirty').values({ firm_id: FIRM, customer_key: '*' }).execute();
});

describe("a firm's customer summary", () => {
  it('equals the figures summed from the source rows after every kind of write', async () => {
    await expectExact();
    const buyer = await w.newPerson();

    // paid orders, one not paid, one at the till, then a refund and another currency
    const first = await insertShopOrder(db(), FIRM, buyer.userId, { total_minor: 4000, created_at: '2026-05-02T10:00:00.000Z' });
    await insertShopOrder(db(), FIRM, buyer.userId, { total_minor: 2500, created_at: '2026-05-03T10:00:00.000Z' });
    await insertShopOrder(db(), FIRM, buyer.userId, { total_minor: 999, status: 'pending', created_at: '2026-05-04T10:00:00.000Z' });
    await insertShopOrder(db(), FIRM, buyer.userId, { total_minor: 777, kind: 'till', created_at: '2026-05-05T10:00:00.000Z' });
    let rows = await expectExact();
    expect(rowOf(rows, buyer.userId)).toMatchObject({ spent_minor: 6500, orders: 2, visit_at: '2026-05-03T10:00:00.000Z' });
    await db().updateTable('orders').set({ refunded_minor: 1500, status: 'partially_refunded' }).where('reference', '=', first).execute();
    await insertShopOrder(db(), FIRM, buyer.userId, { total_minor: 1000, currency: 'USD', created_at: '2026-05-06T10:00:00.000Z' });
    rows = await expectExact();
    expect(rowOf(rows, buyer.userId)).toMatchObject({ spent_minor: 5000, orders: 3 });

    // tickets: one kept, one passed to a friend, one voided afterwards
    const ticketRef = await insertShopOrder(db(), FIRM, buyer.userId, { kind: 'tickets', event_id: 'e1', total_minor: 3000 });
    const order = await db().selectFrom('orders').select('id').where('reference', '=', ticketRef).executeTakeFirstOrThrow();
    const ticket = (id: string, status: string, from: string | null = null) => ticketRow(order.id, buyer.userId, id, status, from);
    await db()
      .insertInto('tickets')
      .values([ticket('st-1', 'active'), ticket('st-2', 'transferred'), ticket('st-3', 'active', 'st-2'), ticket('st-4', 'active')])
      .execute();
    expect(rowOf(await expectExact(), buyer.userId)).toMatchObject({ tickets: 3 });
    await db().updateTable('tickets').set({ status: 'void' }).where('id', '=', 'st-4').execute();
    expect(rowOf(await expectExact(), buyer.userId)).toMatchObject({ tickets: 2 });

    // bookings: a guest by email (twice, one cancelled later), one by phone, and the buyer's, still to come
    await booking('sb-guest-1', { guest_email: 'Noor@Example.test', starts_at: '2026-05-20T19:00:00.000Z' });
    await booking('sb-guest-2', { guest_email: 'noor@example.test', starts_at: '2026-05-21T19:00:00.000Z' });
    await booking('sb-phone', { starts_at: '2026-05-22T19:00:00.000Z' });
    await booking('sb-buyer', { user_id: buyer.userId, starts_at: '2026-06-10T19:00:00.000Z' });
    rows = await expectExact();
    expect(rowOf(rows, 'email:noor@example.test')).toMatchObject({ bookings: 2, visit_at: '2026-05-21T19:00:00.000Z' });
    expect(rowOf(rows, 'booking:sb-phone')).toMatchObject({ bookings: 1 });
    expect(rowOf(rows, buyer.userId)).toMatchObject({ bookings: 1, next_visit_at: '2026-06-10T19:00:00.000Z' });
    await db().updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', 'sb-guest-2').execute();
    expect(rowOf(await expectExact(), 'email:noor@example.test')).toMatchObject({ bookings: 1, visit_at: '2026-05-20T19:00:00.000Z' });

    // the buyer's booking comes to pass with no write: it is their last visit once its time is gone
    now = '2026-06-11T12:00:00.000Z';
    expect(rowOf(await expectExact(), buyer.userId)).toMatchObject({ visit_at: '2026-06-10T19:00:00.000Z', next_visit_at: null });

    // a follow, consent given and taken back, the unfollow (the follower drops out with it)
    const follower = await w.newPerson();
    await db().insertInto('follows').values({ user_id: follower.userId, firm_id: FIRM, created_at: '2026-05-01T00:00:00.000Z' }).execute();
    expect(rowOf(await expectExact(), follower.userId)).toMatchObject({ follows: 1, opt_in: 0 });
    await db().updateTable('follows').set({ marketing_opt_in: 1 }).where('user_id', '=', follower.userId).execute();
    expect(rowOf(await expectExact(), follower.userId)).toMatchObject({ opt_in: 1 });
    await db().deleteFrom('follows').where('user_id', '=', follower.userId).where('firm_id', '=', FIRM).execute();
    expect(rowOf(await expectExact(), follower.userId)).toBeUndefined();

    // a conversation counts from its first message
    const writer = await w.newPerson();
    await db()
      .insertInto('conversations')
      .values({ id: 'sum-conv', firm_id: FIRM, customer_id: writer.userId, created_at: now, last_message_at: null, blocked_at: null })
      .execute();
    expect(rowOf(await expectExact(), writer.userId)).toBeUndefined();
    await db().updateTable('conversations').set({ last_message_at: '2026-06-11T11:00:00.000Z' }).where('id', '=', 'sum-conv').execute();
    expect(rowOf(await expectExact(), writer.userId)).toMatchObject({ conversation_id: 'sum-conv', visit_at: '2026-06-11T11:00:00.000Z' });

    // the guest opens an account with their email: their bookings move to it; changing that email moves them back
    const noor = await db()
      .transaction()
      .execute((trx) =>
        createAccount(
          trx,
          {
            firstName: 'Noor',
            lastName: 'Guest',
            email: 'noor@example.test',
            passwordHash: null,
            googleSub: null,
            dateOfBirth: null,
            language: 'en',
          },
          now,
        ),
      );
    rows = await expectExact();
    expect(rowOf(rows, 'email:noor@example.test')).toBeUndefined();
    expect(rowOf(rows, noor)).toMatchObject({ bookings: 1 });
    await db().updateTable('users').set({ email: 'noor.new@example.test' }).where('id', '=', noor).execute();
    rows = await expectExact();
    expect(rowOf(rows, noor)).toBeUndefined();
    expect(rowOf(rows, 'email:noor@example.test')).toMatchObject({ bookings: 1 });

    // the firm changes its currency: what each person spent is counted in the new one
    await db().updateTable('firms').set({ currency: 'USD' }).where('id', '=', FIRM).execute();
    expect(rowOf(await expectExact(), buyer.userId)).toMatchObject({ spent_minor: 1000 });

    // an order removed takes its figures with it
    await db().deleteFrom('tickets').where('order_id', '=', order.id).execute();
    await db().deleteFrom('orders').where('id', '=', order.id).execute();
    await expectExact();
  });

  it('sums the whole firm again when the changes are many, and a second refresh finds nothing to do', async () => {
    await db()
      .insertInto('customer_dirty')
      .values(Array.from({ length: 1200 }, (_, index) => ({ firm_id: FIRM, customer_key: `nobody-${index}` })))
      .execute();
    await expectExact();
    expect(await db().selectFrom('customer_dirty').select('customer_key').where('firm_id', '=', FIRM).execute()).toEqual([]);
  });
});
