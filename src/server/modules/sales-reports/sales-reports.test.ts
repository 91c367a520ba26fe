import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FIRM, OTHER_FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { insertShopOrder } from '../../testing/order-fixtures';
import { salesReportSchema, type SalesReport } from '../../../shared/sales-reports';
import { createSalesReportService } from './sales-reports.service';
import { salesWindow } from './sales-periods';

// f1 keeps its books in Paris (UTC+1 in winter, UTC+2 in summer); the test clock reads 2026-06-10 12:00 UTC.
const w = useWorkspace();
const db = () => w.ctx.deps.db;

async function get(path: string, actor: 'owner' | 'manager' | 'staff' | 'otherOwner' = 'owner', headers: Record<string, string> = {}) {
  const response = await w.as(actor, path, { headers });
  // the byte order mark of a CSV stays in the text (response.text() would drop it)
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, text };
}

async function report(query: string, firmId = FIRM): Promise<SalesReport> {
  const answer = await get(`/api/dashboard/sales-reports?firmId=${firmId}&${query}`);
  expect(answer.status, answer.text).toBe(200);
  const body = JSON.parse(answer.text) as SalesReport;
  // the answer is the shared schema exactly (zod drops unknown keys: an extra field fails like a missing one)
  expect(salesReportSchema.parse(body)).toEqual(body);
  return body;
}

const custom = (from: string, to: string) => `period=custom&from=${from}&to=${to}`;

async function buyer() {
  return (await w.newPerson()).userId;
}

/** A paid ticket order of event e1 (tier `tier`) at `paidAt`, with a payment by `method`. */
async function insertTicketOrder(paidAt: string, quantity: number, tier: 't1' | 't2', method: string) {
  const price = tier === 't1' ? 1500 : 4500;
  const reference = await insertShopOrder(db(), FIRM, await buyer(), {
    kind: 'tickets',
    event_id: 'e1',
    total_minor: price * quantity,
    created_at: paidAt,
    paid_at: paidAt,
  });
  const order = await db().selectFrom('orders').select('id').where('reference', '=', reference).executeTakeFirstOrThrow();
  await db().deleteFrom('order_lines').where('order_id', '=', order.id).execute();
  await db()
    .insertInto('order_lines')
    .values({
      id: `l-${order.id}`,
      order_id: order.id,
      kind: 'ticket',
      item_id: tier,
      label: tier === 't1' ? 'Standard' : 'VIP',
      unit_price_minor: price,
      quantity,
      sort: 0,
    })
    .execute();
  await db()
    .insertInto('payments')
    .values({
      id: `pay-${order.id}`,
      provider: 'sandbox',
      provider_payment_id: `sb-${order.id}`,
      subject_type: 'order',
      subject_id: order.id,
      reference,
      amount_minor: price * quantity,
      currency: 'EUR',
      status: 'succeeded',
      refunded_minor: 0,
      method,
      failure_code: null,
      redirect_url: 'http://localhost/pay',
      created_at: paidAt,
      updated_at: paidAt,
    })
    .execute();
  return reference;
}

describe('the sales report', () => {
  it('puts an order paid at 23:30 Paris time on the last day of a month in that day and month, and 00:30 in the next', async () => {
    // 21:30 and 22:30 UTC on 31 May are 23:30 on 31 May and 00:30 on 1 June in Paris (summer time)
    await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-05-31T21:30:00.000Z', total_minor: 1000 });
    await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-05-31T22:30:00.000Z', total_minor: 2000 });
    // and two at the edges of the period: the first moment of 25 May in Paris, the last of 2 June
    await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-05-24T22:00:00.000Z', total_minor: 400 });
    await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-06-02T22:00:00.000Z', total_minor: 9900 });

    const days = await report(custom('2026-05-25', '2026-06-02'));
    expect(days).toMatchObject({ bucket: 'day', from: '2026-05-25', to: '2026-06-02', currency: 'EUR', timezone: 'Europe/Paris' });
    expect(days.series).toHaveLength(9);
    const day = (start: string) => days.series.find((point) => point.start === start);
    expect(day('2026-05-25')).toMatchObject({ grossMinor: 400, orders: 1 });
    expect(day('2026-05-31')).toMatchObject({ grossMinor: 1000, orders: 1 });
    expect(day('2026-06-01')).toMatchObject({ grossMinor: 2000, orders: 1 });
    // 22:00 UTC on 2 June is midnight of 3 June in Paris: not in the period
    expect(days.totals).toMatchObject({ grossMinor: 3400, orders: 3, netMinor: 3400, averageOrderMinor: 1133 });

    // two years by month: May and June each get their own order
    const months = await report(custom('2025-07-01', '2027-06-30'));
    expect(months.bucket).toBe('month');
    expect(months.series).toHaveLength(24);
    expect(months.series.find((point) => point.start === '2026-05-01')).toMatchObject({ grossMinor: 1400, orders: 2 });
    expect(months.series.find((point) => point.start === '2026-06-01')?.grossMinor).toBeGreaterThanOrEqual(2000 + 9900);

    // "this month" on 10 June in Paris starts at 00:00 on 1 June: the 00:30 order is in it, the 23:30 one is not
    const month = await report('period=month');
    expect(month).toMatchObject({ from: '2026-06-01', to: '2026-06-10', bucket: 'day' });
    expect(month.series[0]).toMatchObject({ start: '2026-06-01', grossMinor: 2000, orders: 1 });
  });

  it('subtracts a refund on the day it is given; the item shows what went back; figures equal the SQL sums', async () => {
    const reference = await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-06-09T08:00:00.000Z' });
    const order = await db().selectFrom('orders').select('id').where('reference', '=', reference).executeTakeFirstOrThrow();
    const line = await db().selectFrom('order_lines').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const refund = await w.as('owner', `/api/dashboard/orders/${reference}/refunds`, {
      method: 'POST',
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ reason: 'One bottle arrived broken.', lines: [{ lineId: line.id, qty: 1 }], ticketIds: [] }),
    });
    expect(refund.status, await refund.clone().text()).toBe(200);

    // the clock reads 10 June: the refund of 1800 falls there, the sale of 3600 on 9 June
    const answer = await report(custom('2026-06-09', '2026-06-10'));
    expect(answer.series[0]).toMatchObject({ start: '2026-06-09', grossMinor: 3600, refundsMinor: 0, netMinor: 3600, orders: 1 });
    expect(answer.series[1]).toMatchObject({ start: '2026-06-10', grossMinor: 0, refundsMinor: 1800, netMinor: -1800, orders: 0 });
    expect(answer.totals).toMatchObject({ grossMinor: 3600, refundsMinor: 1800, netMinor: 1800, orders: 1, averageOrderMinor: 3600 });
    expect(answer.topItems).toEqual([
      { kind: 'product', label: 'Olive oil 1 l', detail: null, quantity: 2, refundedQuantity: 1, grossMinor: 3600 },
    ]);

    // a day alone sees only its own movements: the sale's day has no refund, the refund's day no sale
    expect((await report(custom('2026-06-10', '2026-06-10'))).totals).toMatchObject({ grossMinor: 0, refundsMinor: 1800, netMinor: -1800 });

    // independent sums over the same instants (Paris midnight of 9 June to that of 11 June)
    const [start, end] = ['2026-06-08T22:00:00.000Z', '2026-06-10T22:00:00.000Z'];
    const sold = await db()
      .selectFrom('orders')
      .select([sql<number>`sum(total_minor)`.as('gross'), sql<number>`count(*)`.as('n')])
      .where('firm_id', '=', FIRM)
      .where('paid_at', '>=', start)
      .where('paid_at', '<', end)
      .executeTakeFirstOrThrow();
    const given = await db()
      .selectFrom('order_refunds as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select(sql<number>`sum(r.amount_minor)`.as('refunds'))
      .where('o.firm_id', '=', FIRM)
      .where('r.created_at', '>=', start)
      .where('r.created_at', '<', end)
      .executeTakeFirstOrThrow();
    expect(answer.totals.grossMinor).toBe(Number(sold.gross));
    expect(answer.totals.orders).toBe(Number(sold.n));
    expect(answer.totals.refundsMinor).toBe(Number(given.refunds));
  });

  it('counts tickets by tier and event, orders by channel and payment method, and leaves other currencies out', async () => {
    await insertTicketOrder('2026-04-10T10:00:00.000Z', 3, 't1', 'card');
    await insertTicketOrder('2026-04-11T10:00:00.000Z', 1, 't2', 'wallet');
    await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-04-12T10:00:00.000Z' });
    await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-04-12T11:00:00.000Z', currency: 'MAD', total_minor: 5000 });
    // an order that was never paid counts nowhere
    await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-04-12T12:00:00.000Z', status: 'expired' });
    // and another firm's sale is not f1's
    await insertShopOrder(db(), OTHER_FIRM, await buyer(), { created_at: '2026-04-12T10:00:00.000Z' });

    const answer = await report(custom('2026-04-10', '2026-04-12'));
    expect(answer.totals).toMatchObject({ grossMinor: 4500 + 4500 + 3600, orders: 3, ticketsSold: 4 });
    expect(answer.series.map((point) => point.ticketsSold)).toEqual([3, 1, 0]);
    expect(answer.topItems).toEqual([
      { kind: 'ticket', label: 'Standard', detail: 'Event e1', quantity: 3, refundedQuantity: 0, grossMinor: 4500 },
      { kind: 'ticket', label: 'VIP', detail: 'Event e1', quantity: 1, refundedQuantity: 0, grossMinor: 4500 },
      { kind: 'product', label: 'Olive oil 1 l', detail: null, quantity: 2, refundedQuantity: 0, grossMinor: 3600 },
    ]);
    expect(answer.channels).toEqual([
      { kind: 'shop', orders: 1, grossMinor: 3600 },
      { kind: 'tickets', orders: 2, grossMinor: 9000 },
    ]);
    expect(answer.paymentMethods).toEqual([
      { method: 'card', orders: 1, grossMinor: 4500 },
      { method: 'wallet', orders: 1, grossMinor: 4500 },
      { method: null, orders: 1, grossMinor: 3600 },
    ]);
    expect(answer.otherCurrencyOrders).toBe(1);
  });

  it('cuts a long range by week from Monday and names the preset periods on the firm’s calendar', () => {
    const now = new Date('2026-06-10T23:30:00.000Z'); // already 11 June in Paris, still 10 June in UTC
    expect(salesWindow({ period: 'today' }, now, 'Europe/Paris')).toMatchObject({
      from: '2026-06-11',
      to: '2026-06-11',
      edges: ['2026-06-10T22:00:00.000Z', '2026-06-11T22:00:00.000Z'],
    });
    expect(salesWindow({ period: 'today' }, now, 'UTC').from).toBe('2026-06-10');
    expect(salesWindow({ period: '7d' }, now, 'Europe/Paris')).toMatchObject({ from: '2026-06-05', to: '2026-06-11' });
    expect(salesWindow({ period: '30d' }, now, 'Europe/Paris').starts).toHaveLength(30);
    // the day the clocks go forward is 23 hours long
    const spring = salesWindow({ period: 'custom', from: '2026-03-29', to: '2026-03-29' }, now, 'Europe/Paris');
    expect(spring.edges).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    // 2026-01-01 is a Thursday: the first week is cut short, then every Monday
    const year = salesWindow({ period: 'custom', from: '2026-01-01', to: '2026-12-31' }, now, 'Europe/Paris');
    expect(year.bucket).toBe('week');
    expect(year.starts.slice(0, 3)).toEqual(['2026-01-01', '2026-01-05', '2026-01-12']);
    expect(year.edges.at(-1)).toBe('2026-12-31T23:00:00.000Z');
  });

  it('refuses a custom range without both days, backwards or over two years, and a firm whose plan has no reports', async () => {
    expect((await get(`/api/dashboard/sales-reports?firmId=${FIRM}&period=custom&from=2026-01-01`)).status).toBe(400);
    expect((await get(`/api/dashboard/sales-reports?firmId=${FIRM}&${custom('2026-02-01', '2026-01-31')}`)).status).toBe(400);
    expect((await get(`/api/dashboard/sales-reports?firmId=${FIRM}&${custom('2024-01-01', '2026-01-01')}`)).status).toBe(400);
    expect((await get(`/api/dashboard/sales-reports?firmId=${FIRM}&${custom('2026-02-30', '2026-03-01')}`)).status).toBe(400);
    expect((await get(`/api/dashboard/sales-reports?firmId=${FIRM}&${custom('2024-01-01', '2025-12-31')}`)).status).toBe(200);
    expect((await get(`/api/dashboard/sales-reports?firmId=${FIRM}&period=7d`, 'staff')).status).toBe(403);

    const free = await get(`/api/dashboard/sales-reports?firmId=${OTHER_FIRM}&period=7d`, 'otherOwner');
    expect(free.status).toBe(403);
    expect(JSON.parse(free.text)).toMatchObject({ code: 'plan_limit', requiredPlan: 'growth' });
  });

  it('downloads the series and the orders as CSV, headers in the reader’s language, times on the firm’s clock', async () => {
    await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-03-31T21:30:00.000Z', total_minor: 1234, reference: 'SK-CSV001' });
    await insertShopOrder(db(), FIRM, await buyer(), { created_at: '2026-04-01T08:00:00.000Z', total_minor: 5, reference: 'SK-CSV002' });

    const series = await get(`/api/dashboard/sales-reports/csv?firmId=${FIRM}&${custom('2026-03-31', '2026-04-01')}&rows=series`);
    expect(series.status).toBe(200);
    expect(series.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(series.headers.get('content-disposition')).toBe('attachment; filename="souk-sales-CafeLumiere-2026-03-31-2026-04-01.csv"');
    expect(series.headers.get('cache-control')).toBe('private, no-store');
    expect(series.text).toBe(
      '\uFEFFDate,Gross sales,Refunds,Net sales,Orders,Tickets sold,Currency\r\n' +
        '2026-03-31,12.34,0.00,12.34,1,0,EUR\r\n' +
        '2026-04-01,0.05,0.00,0.05,1,0,EUR\r\n',
    );

    const orders = await get(
      `/api/dashboard/sales-reports/csv?firmId=${FIRM}&${custom('2026-03-31', '2026-04-01')}&rows=orders`,
      'manager',
      {
        'Accept-Language': 'fr-FR,fr;q=0.9',
      },
    );
    expect(orders.status).toBe(200);
    expect(orders.headers.get('content-disposition')).toMatch(
      /^attachment; filename="souk-orders-CafeLumiere-2026-03-31-2026-04-01\.csv"$/,
    );
    expect(orders.text.split('\r\n')).toEqual([
      '\uFEFFRéférence,Payée le,Canal,Statut,Total,Remboursé,Devise',
      'SK-CSV001,2026-03-31 23:30:00,shop,paid,12.34,0.00,EUR',
      'SK-CSV002,2026-04-01 10:00:00,shop,paid,0.05,0.00,EUR',
      '',
    ]);
    expect((await get(`/api/dashboard/sales-reports/csv?firmId=${FIRM}&period=7d&rows=all`)).status).toBe(400);
  });

  it('reads every table through an index over two years (the plans of SQLite, and of PostgreSQL barred from scanning)', async () => {
    // a sale to sum, so that the report brings its day up to date before it reads
    await insertTicketOrder('2026-04-10T10:00:00.000Z', 2, 't1', 'card');
    const statements: CompiledQuery[] = [];
    const capture: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(db().getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const service = createSalesReportService({ db: db().withPlugin(capture), clock: w.ctx.deps.clock });
    await service.report(FIRM, { period: 'custom', from: '2024-07-01', to: '2026-06-30' });
    const reads = statements.filter((statement) => /\b(orders|order_refunds|sales_\w+)\b/.test(statement.sql));
    // the summing of the day (its orders, lines, refunds) and the report's reads of the sums
    expect(reads.filter((statement) => /^insert/.test(statement.sql)).length).toBe(3);
    expect(reads.filter((statement) => /^select/.test(statement.sql) && /"sales_/.test(statement.sql)).length).toBeGreaterThanOrEqual(5);
    const sqlite = w.ctx.deps.dialect === 'sqlite';
    // PostgreSQL picks a scan for tables this small whatever the indexes: with scans priced out, a scan left means no index serves
    const fullScan = sqlite
      ? /^SCAN (o|r|l|p|e|s|sales_\w+)\b/
      : /Seq Scan on (orders|order_refunds|order_lines|payments|events|sales_\w+)\b/;
    for (const statement of reads) {
      const details = await db()
        .transaction()
        .execute(async (trx) => {
          if (!sqlite) await sql`set local enable_seqscan = off`.execute(trx);
          const explain = CompiledQuery.raw(`${sqlite ? 'explain query plan' : 'explain'} ${statement.sql}`, [...statement.parameters]);
          const plan = await trx.executeQuery<Record<string, string>>(explain);
          return plan.rows.map((row) => row.detail ?? row['QUERY PLAN']);
        });
      const why = `${statement.sql}\n${details.join('\n')}`;
      expect(
        details.filter((detail) => fullScan.test(detail)),
        why,
      ).toEqual([]);
      // the orders are found by the moment of payment (for refunds either index may lead), the sums by firm and day.
      // PostgreSQL prices the few rows of this test without statistics and may take the firm's other index that leads
      // with firm_id (the keyset pages' firm, created, id) and filter the moment: either is a read by the firm's index.
      const plan = details.join('\n');
      const leads = statement.sql.includes('"order_refunds" as')
        ? ['order_refunds_created', 'orders_firm']
        : statement.sql.includes('"orders" as')
          ? sqlite
            ? ['orders_firm_paid']
            : ['orders_firm_paid', 'orders_firm_created_id']
          : ['sales_dirty_firm', 'sales_days_firm_day', 'sales_refund_days_firm_day', 'sales_item_days_firm_day'];
      expect(
        leads.some((index) => plan.includes(index)),
        why,
      ).toBe(true);
    }
  });
});
