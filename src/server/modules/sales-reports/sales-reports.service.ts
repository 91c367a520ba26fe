import { sql, type RawBuilder } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import { assertPlanIncludes } from '../../lib/plans';
import { dayNumber, type SalesPeriod, type SalesReport, type SalesReportQuery, type SalesSeriesPoint } from '../../../shared/sales-reports';
import type { CsvOrder } from './sales-csv';
import { knownZone, salesWindow, type SalesWindow } from './sales-periods';
import { createSalesDays } from './sales-days';

/**
 * A firm's sales over a period of its own days (docs/decisions/040-sales-reports-from-the-orders.md):
 * in the firm's currency, an order counts when it was paid (`paid_at`), whatever happened to it
 * since; a refund counts when it was given (`order_refunds.created_at`), so a period's net is what
 * the firm kept of that period's takings and givings back. The figures are read from the sums by
 * firm day (docs/decisions/067-sales-summed-by-day.md), brought up to date with the orders first,
 * so a two-year report reads some seven hundred days, not every order.
 */

const TOP_ITEMS = 20;
/** Orders read per round trip when the CSV of a period's orders is streamed. */
const CSV_PAGE = 500;

const num = (value: unknown) => Number(value ?? 0);

/** The index of the window's piece an instant column falls in (the query keeps it within the window). */
export function pieceOf(column: string, edges: string[]): RawBuilder<number> {
  const whens = edges.slice(1).map((edge, index) => sql`when ${sql.ref(column)} < ${edge} then ${sql.lit(index)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} end`;
}

export interface Scope {
  firmId: string;
  currency: string;
  window: SalesWindow;
}

/** The index of the window's piece a day number falls in (the days are within the window). */
function pieceOfDay(window: SalesWindow, day: number): number {
  const starts = window.starts.map(dayNumber);
  let piece = 0;
  while (piece + 1 < starts.length && starts[piece + 1] <= day) piece++;
  return piece;
}

export function createSalesReportService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const salesDays = createSalesDays(db);

  /** The firm's orders paid in the window, in its currency (the CSV lists them). */
  const paidOrders = ({ firmId, currency, window }: Scope) =>
    db
      .selectFrom('orders as o')
      .where('o.firm_id', '=', firmId)
      .where('o.paid_at', '>=', window.edges[0])
      .where('o.paid_at', '<', window.edges[window.edges.length - 1])
      .where('o.currency', '=', currency);

  /** The firm's paid orders summed by day over the window, in any currency. */
  const soldDays = ({ firmId, window }: Scope) =>
    db
      .selectFrom('sales_days')
      .where('firm_id', '=', firmId)
      .where('day', '>=', dayNumber(window.from))
      .where('day', '<=', dayNumber(window.to));

  async function scopeOf(firmId: string, query: Pick<SalesReportQuery, 'period' | 'from' | 'to'>) {
    const now = clock();
    await assertPlanIncludes(db, firmId, 'REPORTS', now);
    const firm = await db.selectFrom('firms').select(['currency', 'timezone', 'username']).where('id', '=', firmId).executeTakeFirst();
    if (!firm) throw notFound('Firm not found.');
    const timezone = knownZone(firm.timezone);
    const scope: Scope = { firmId, currency: firm.currency, window: salesWindow(query, now, timezone) };
    return { scope, timezone, username: firm.username };
  }

  /** The window's series from days already brought up to date. */
  async function seriesOf(scope: Scope): Promise<SalesSeriesPoint[]> {
    const { window, currency } = scope;
    const [sold, refunded] = await Promise.all([
      soldDays(scope)
        .where('currency', '=', currency)
        .select([
          'day',
          sql<number>`sum(orders)`.as('orders'),
          sql<number>`sum(gross_minor)`.as('gross'),
          sql<number>`sum(tickets)`.as('tickets'),
        ])
        .groupBy('day')
        .execute(),
      db
        .selectFrom('sales_refund_days')
        .where('firm_id', '=', scope.firmId)
        .where('day', '>=', dayNumber(window.from))
        .where('day', '<=', dayNumber(window.to))
        .where('currency', '=', currency)
        .select(['day', 'refunds_minor'])
        .execute(),
    ]);
    const points = window.starts.map((start) => ({ start, grossMinor: 0, refundsMinor: 0, netMinor: 0, orders: 0, ticketsSold: 0 }));
    for (const row of sold) {
      const point = points[pieceOfDay(window, num(row.day))];
      point.grossMinor += num(row.gross);
      point.orders += num(row.orders);
      point.ticketsSold += num(row.tickets);
    }
    for (const row of refunded) points[pieceOfDay(window, num(row.day))].refundsMinor += num(row.refunds_minor);
    for (const point of points) point.netMinor = point.grossMinor - point.refundsMinor;
    return points;
  }

  /** The window's series, a point per piece: gross, refunds, net, orders, tickets. */
  async function series(scope: Scope): Promise<SalesSeriesPoint[]> {
    await salesDays.refresh(scope.firmId);
    return seriesOf(scope);
  }

  async function topItems(scope: Scope): Promise<SalesReport['topItems']> {
    const rows = await db
      .selectFrom('sales_item_days as s')
      .leftJoin('events as e', 'e.id', 's.event_id')
      .where('s.firm_id', '=', scope.firmId)
      .where('s.day', '>=', dayNumber(scope.window.from))
      .where('s.day', '<=', dayNumber(scope.window.to))
      .where('s.currency', '=', scope.currency)
      .select([
        's.kind',
        sql<string>`max(s.label)`.as('label'),
        sql<string | null>`max(coalesce(s.variant_name, e.name))`.as('detail'),
        sql<number>`sum(s.quantity)`.as('quantity'),
        sql<number>`sum(s.refunded_quantity)`.as('refunded'),
        sql<number>`sum(s.gross_minor)`.as('gross'),
      ])
      .groupBy(['s.kind', 's.item_id', 's.variant_id'])
      .orderBy(sql`sum(s.gross_minor)`, 'desc')
      .orderBy(sql`max(s.label)`)
      .limit(TOP_ITEMS)
      .execute();
    return rows.map((row) => ({
      kind: row.kind as SalesReport['topItems'][number]['kind'],
      label: row.label,
      detail: row.detail,
      quantity: num(row.quantity),
      refundedQuantity: num(row.refunded),
      grossMinor: num(row.gross),
    }));
  }

  async function breakdowns(scope: Scope) {
    const [channels, methods, other] = await Promise.all([
      soldDays(scope)
        .where('currency', '=', scope.currency)
        .select(['kind', sql<number>`sum(orders)`.as('orders'), sql<number>`sum(gross_minor)`.as('gross')])
        .groupBy('kind')
        .orderBy('kind')
        .execute(),
      soldDays(scope)
        .where('currency', '=', scope.currency)
        .select(['method', sql<number>`sum(orders)`.as('orders'), sql<number>`sum(gross_minor)`.as('gross')])
        .groupBy('method')
        .execute(),
      soldDays(scope)
        .where('currency', '<>', scope.currency)
        .select(sql<number>`sum(orders)`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      channels: channels.map((row) => ({
        kind: row.kind as SalesReport['channels'][number]['kind'],
        orders: num(row.orders),
        grossMinor: num(row.gross),
      })),
      paymentMethods: methods
        .map((row) => ({ method: row.method ?? null, orders: num(row.orders), grossMinor: num(row.gross) }))
        // the largest first; a tie by name, orders with nothing to pay last (the databases sort null apart)
        .sort((a, b) => b.grossMinor - a.grossMinor || (a.method ?? '\uffff').localeCompare(b.method ?? '\uffff')),
      otherCurrencyOrders: num(other.n),
    };
  }

  /** The report of `firmId` over the period the query names. */
  async function report(firmId: string, query: Pick<SalesReportQuery, 'period' | 'from' | 'to'>): Promise<SalesReport> {
    return reportIn(await scopeOf(firmId, query), query.period);
  }

  /** The report of a scope `scopeOf` resolved. */
  async function reportIn({ scope, timezone }: Awaited<ReturnType<typeof scopeOf>>, period: SalesPeriod): Promise<SalesReport> {
    await salesDays.refresh(scope.firmId);
    const [points, items, split] = await Promise.all([seriesOf(scope), topItems(scope), breakdowns(scope)]);
    const sum = (pick: (point: SalesSeriesPoint) => number) => points.reduce((total, point) => total + pick(point), 0);
    const grossMinor = sum((p) => p.grossMinor);
    const refundsMinor = sum((p) => p.refundsMinor);
    const orders = sum((p) => p.orders);
    return {
      currency: scope.currency,
      timezone,
      period,
      from: scope.window.from,
      to: scope.window.to,
      bucket: scope.window.bucket,
      totals: {
        grossMinor,
        refundsMinor,
        netMinor: grossMinor - refundsMinor,
        orders,
        ticketsSold: sum((p) => p.ticketsSold),
        averageOrderMinor: orders ? Math.round(grossMinor / orders) : 0,
      },
      series: points,
      topItems: items,
      ...split,
    };
  }

  /**
   * The window's orders for the CSV, oldest first, a page at a time (keyset on the payment moment
   * and id), so a two-year export is never held whole in memory.
   */
  async function* orderPages(scope: Scope): AsyncGenerator<CsvOrder[]> {
    let after: (CsvOrder & { id: string }) | undefined;
    for (;;) {
      let page = paidOrders(scope)
        .select([
          'o.id',
          'o.reference',
          'o.paid_at as paidAt',
          'o.kind',
          'o.status',
          'o.total_minor as totalMinor',
          'o.refunded_minor as refundedMinor',
          'o.currency',
        ])
        .$narrowType<{ paidAt: string }>()
        .orderBy('o.paid_at')
        .orderBy('o.id')
        .limit(CSV_PAGE);
      if (after) {
        const last = after;
        page = page.where((eb) =>
          eb.or([eb('o.paid_at', '>', last.paidAt), eb.and([eb('o.paid_at', '=', last.paidAt), eb('o.id', '>', last.id)])]),
        );
      }
      const rows = await page.execute();
      if (rows.length) yield rows;
      if (rows.length < CSV_PAGE) return;
      after = rows[rows.length - 1];
    }
  }

  return { report, reportIn, scopeOf, orderPages, series };
}
