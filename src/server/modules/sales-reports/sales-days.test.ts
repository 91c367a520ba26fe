import { describe, expect, it } from 'vitest';
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { insertShopOrder } from '../../testing/order-fixtures';
import { dayNumber } from '../../../shared/sales-reports';
import { createSalesDays } from './sales-days';
import { today } from './sales-periods';

// f1 keeps its books in Paris; the test clock reads 2026-06-10 12:00 UTC.
const w = useWorkspace();
const db = () => w.ctx.deps.db;

type Figures = Record<string, number>;

/** Adds `figures` into the entry of `key`. */
function add(into: Map<string, Figures>, key: string, figures: Figures) {
  const entry = into.get(key) ?? {};
  for (const [name, value] of Object.entries(figures)) entry[name] = (entry[name] ?? 0) + Number(value);
  into.set(key, entry);
}

/** The firm's sums by day as stored, keyed by day and currency. */
async function stored(): Promise<Map<string, Figures>> {
  const sums = new Map<string, Figures>();
  const [days, refunds, items] = await Promise.all([
    db().selectFrom('sales_days').selectAll().where('firm_id', '=', FIRM).execute(),
    db().selectFrom('sales_refund_days').selectAll().where('firm_id', '=', FIRM).execute(),
    db().selectFrom('sales_item_days').selectAll().where('firm_id', '=', FIRM).execute(),
  ]);
  for (const row of days)
    add(sums, `${row.day} ${row.currency}`, { orders: row.orders, gross: Number(row.gross_minor), tickets: Number(row.tickets) });
  for (const row of refunds) add(sums, `${row.day} ${row.currency}`, { refunds: Number(row.refunds_minor) });
  for (const row of items)
    add(sums, `${row.day} ${row.currency}`, {
      quantity: Number(row.quantity),
      refunded: Number(row.refunded_quantity),
      lineGross: Number(row.gross_minor),
    });
  return sums;
}

/** The same sums from the orders, their lines and refunds, each moment put on its day by the runtime's time zone data. */
async function fromOrders(zone: string): Promise<Map<string, Figures>> {
  const sums = new Map<string, Figures>();
  const dayOf = (instant: string) => dayNumber(today(new Date(instant), zone));
  const orders = await db()
    .selectFrom('orders')
    .select(['id', 'paid_at', 'currency', 'total_minor'])
    .where('firm_id', '=', FIRM)
    .where('paid_at', 'is not', null)
    .execute();
  const paidOn = new Map(orders.map((order) => [order.id, `${dayOf(order.paid_at!)} ${order.currency}`]));
  const lines = await db()
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', [...paidOn.keys(), ''])
    .execute();
  for (const order of orders) add(sums, paidOn.get(order.id)!, { orders: 1, gross: order.total_minor, tickets: 0 });
  for (const line of lines)
    add(sums, paidOn.get(line.order_id)!, {
      tickets: line.kind === 'ticket' ? line.quantity : 0,
      quantity: line.quantity,
      refunded: line.refunded_quantity,
      lineGross: line.quantity * line.unit_price_minor - line.discount_minor,
    });
  const refunds = await db()
    .selectFrom('order_refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.created_at', 'r.amount_minor', 'o.currency'])
    .where('o.firm_id', '=', FIRM)
    .execute();
  for (const refund of refunds) add(sums, `${dayOf(refund.created_at)} ${refund.currency}`, { refunds: refund.amount_minor });
  return sums;
}

/** Sorted entries without days that are all zero (a summed day can be empty). */
function comparable(sums: Map<string, Figures>) {
  return [...sums.entries()]
    .map(([key, figures]) => [key, Object.fromEntries(Object.entries(figures).filter(([, value]) => value !== 0))] as const)
    .filter(([, figures]) => Object.keys(figures).length)
    .sort(([a], [b]) => a.localeCompare(b));
}

async function expectExact(zone = 'Europe/Paris') {
  await createSalesDays(db()).refresh(FIRM);
  expect(comparable(await stored())).toEqual(comparable(await fromOrders(zone)));
  return stored();
}

const buyer = async () => (await w.newPerson()).userId;

async function refundOne(reference: string) {
  const order = await db().selectFrom('orders').select('id').where('reference', '=', reference).executeTakeFirstOrThrow();
  const line = await db().selectFrom('order_lines').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
  const answer = await w.as('owner', `/api/dashboard/orders/${reference}/refunds`, {
    method: 'POST',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ reason: 'One bottle arrived broken.', lines: [{ lineId: line.id, qty: 1 }], ticketIds: [] }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

describe('sales summed by day', () => {
  it('equal the sums of the orders after sales across midnight, a refund, a change of total and another currency', async () => {
    // 21:59 and 22:00 UTC on 31 May are the last minute of 31 May and the first of 1 June in Paris
    const late = await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-05-31T21:59:00.000Z' });
    await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-05-31T22:00:00.000Z', total_minor: 2000 });
    await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-06-09T08:00:00.000Z', currency: 'MAD', total_minor: 5000 });
    await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-06-09T09:00:00.000Z', status: 'expired' });
    const first = await expectExact();
    expect(first.get(`${dayNumber('2026-05-31')} EUR`)).toMatchObject({ orders: 1, gross: 3600 });
    expect(first.get(`${dayNumber('2026-06-01')} EUR`)).toMatchObject({ orders: 1, gross: 2000 });

    // the refund falls on the clock's day; its line's refunded quantity on the day of the sale
    await refundOne(late);
    await db().updateTable('orders').set({ total_minor: 3700 }).where('reference', '=', late).execute();
    const second = await expectExact();
    expect(second.get(`${dayNumber('2026-06-10')} EUR`)).toMatchObject({ refunds: 1800 });
    expect(second.get(`${dayNumber('2026-05-31')} EUR`)).toMatchObject({ gross: 3700, refunded: 1 });
    expect(await db().selectFrom('sales_dirty').selectAll().where('firm_id', '=', FIRM).execute()).toEqual([]);
  });

  it('stay exact when sales, refunds and reports race each other', async () => {
    const ordersIn = (sums: Map<string, Figures>) => [...sums.values()].reduce((total, figures) => total + (figures.orders ?? 0), 0);
    const before = ordersIn(await expectExact());
    const references = await Promise.all(
      Array.from({ length: 6 }, async (_, n) =>
        insertShopOrder(db(), FIRM, await buyer(), { created_at: `2026-06-0${n + 1}T21:${30 + n}:00.000Z` }),
      ),
    );
    const days = createSalesDays(db());
    // writes and summings at once: each summing takes the days noted before it began, the writes after it note theirs again
    await Promise.all([
      ...Array.from({ length: 8 }, async (_, n) =>
        insertShopOrder(db(), FIRM, await buyer(), { created_at: `2026-06-0${(n % 5) + 1}T22:0${n}:00.000Z`, total_minor: 7 + n }),
      ),
      ...references.slice(0, 3).map((reference) => refundOne(reference)),
      ...Array.from({ length: 6 }, () => days.refresh(FIRM)),
      w.as('owner', `/api/dashboard/sales-reports?firmId=${FIRM}&period=30d`),
    ]);
    expect(ordersIn(await expectExact())).toBe(before + 14);
  });

  it('move every sale to its new day when the firm changes its time zone', async () => {
    // 20:00 UTC on 1 March is still 1 March in Paris, already 2 March in Tokyo
    await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-03-01T20:00:00.000Z', total_minor: 4200 });
    expect((await expectExact()).get(`${dayNumber('2026-03-02')} EUR`)).toBeUndefined();
    await db().updateTable('firms').set({ timezone: 'Asia/Tokyo' }).where('id', '=', FIRM).execute();
    expect((await expectExact('Asia/Tokyo')).get(`${dayNumber('2026-03-02')} EUR`)).toMatchObject({ orders: 1, gross: 4200 });
  });
});
