import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { assertPlanIncludes } from '../../lib/plans';
import type { SalesPeriod, SalesReport, SalesReportQuery, SalesSeriesPoint } from '../../../shared/sales-reports';
import type { CsvOrder } from './sales-csv';
import { knownZone, salesWindow, type SalesWindow } from './sales-periods';

/**
 * A firm's sales over a period of its own days (docs/decisions/040-sales-reports-from-the-orders.md):
 * every figure is summed by the database from the orders, their lines and the refunds, in the
 * firm's currency. An order counts when it was paid (`paid_at`), whatever happened to it since; a
 * refund counts when it was given (`order_refunds.created_at`), so a period's net is what the firm
 * kept of that period's takings and givings back. The series is cut in SQL by comparing each moment
 * with the window's edges (a CASE over ISO instants), which is exact in any time zone and the same
 * statement on SQLite and PostgreSQL.
 */

const TOP_ITEMS = 20;
/** Orders read per round trip when the CSV of a period's orders is streamed. */
const CSV_PAGE = 500;
/** Payment attempts that took the money (a refunded one took it first). */
const SETTLED = ['succeeded', 'partially_refunded', 'refunded'];

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

export function createSalesReportService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  /** The firm's orders paid in the window, in its currency. */
  const paidOrders = ({ firmId, currency, window }: Scope) =>
    db
      .selectFrom('orders as o')
      .where('o.firm_id', '=', firmId)
      .where('o.paid_at', '>=', window.edges[0])
      .where('o.paid_at', '<', window.edges[window.edges.length - 1])
      .where('o.currency', '=', currency);

  async function scopeOf(firmId: string, query: Pick<SalesReportQuery, 'period' | 'from' | 'to'>) {
    const now = clock();
    await assertPlanIncludes(db, firmId, 'REPORTS', now);
    const firm = await db.selectFrom('firms').select(['currency', 'timezone', 'username']).where('id', '=', firmId).executeTakeFirst();
    if (!firm) throw notFound('Firm not found.');
    const timezone = knownZone(firm.timezone);
    const scope: Scope = { firmId, currency: firm.currency, window: salesWindow(query, now, timezone) };
    return { scope, timezone, username: firm.username };
  }

  async function series(scope: Scope): Promise<SalesSeriesPoint[]> {
    const { window } = scope;
    const [orders, tickets, refunds] = await Promise.all([
      paidOrders(scope)
        .select([
          pieceOf('o.paid_at', window.edges).as('piece'),
          sql<number>`count(*)`.as('orders'),
          sql<number>`sum(o.total_minor)`.as('gross'),
        ])
        .groupBy(sql.ref('piece'))
        .execute(),
      paidOrders(scope)
        .innerJoin('order_lines as l', 'l.order_id', 'o.id')
        .where('l.kind', '=', 'ticket')
        .select([pieceOf('o.paid_at', window.edges).as('piece'), sql<number>`sum(l.quantity)`.as('tickets')])
        .groupBy(sql.ref('piece'))
        .execute(),
      db
        .selectFrom('order_refunds as r')
        .innerJoin('orders as o', 'o.id', 'r.order_id')
        .where('r.created_at', '>=', window.edges[0])
        .where('r.created_at', '<', window.edges[window.edges.length - 1])
        .where('o.firm_id', '=', scope.firmId)
        .where('o.currency', '=', scope.currency)
        .select([pieceOf('r.created_at', window.edges).as('piece'), sql<number>`sum(r.amount_minor)`.as('refunds')])
        .groupBy(sql.ref('piece'))
        .execute(),
    ]);
    const at = <T extends { piece: unknown }>(rows: T[], index: number) => rows.find((row) => num(row.piece) === index);
    return window.starts.map((start, index) => {
      const grossMinor = num(at(orders, index)?.gross);
      const refundsMinor = num(at(refunds, index)?.refunds);
      return {
        start,
        grossMinor,
        refundsMinor,
        netMinor: grossMinor - refundsMinor,
        orders: num(at(orders, index)?.orders),
        ticketsSold: num(at(tickets, index)?.tickets),
      };
    });
  }

  async function topItems(scope: Scope): Promise<SalesReport['topItems']> {
    const rows = await paidOrders(scope)
      .innerJoin('order_lines as l', 'l.order_id', 'o.id')
      .leftJoin('events as e', 'e.id', 'o.event_id')
      .select([
        'l.kind',
        sql<string>`max(l.label)`.as('label'),
        sql<string | null>`max(coalesce(l.variant_name, e.name))`.as('detail'),
        sql<number>`sum(l.quantity)`.as('quantity'),
        sql<number>`sum(l.refunded_quantity)`.as('refunded'),
        sql<number>`sum(l.quantity * l.unit_price_minor - l.discount_minor)`.as('gross'),
      ])
      .groupBy(['l.kind', 'l.item_id', 'l.variant_id'])
      .orderBy(sql`sum(l.quantity * l.unit_price_minor - l.discount_minor)`, 'desc')
      .orderBy(sql`max(l.label)`)
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
    // the provider's method of the first settled payment; a sale at the till took cash
    const method = (eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>) =>
      sql<string | null>`coalesce((${eb
        .selectFrom('payments as p')
        .select('p.method')
        .where('p.subject_type', '=', 'order')
        .whereRef('p.subject_id', '=', 'o.id')
        .where('p.status', 'in', SETTLED)
        .orderBy('p.created_at')
        .limit(1)}), case when ${eb.ref('o.kind')} = 'till' then 'cash' end)`.as('method');
    const [channels, methods, other] = await Promise.all([
      paidOrders(scope)
        .select(['o.kind', sql<number>`count(*)`.as('orders'), sql<number>`sum(o.total_minor)`.as('gross')])
        .groupBy('o.kind')
        .orderBy('o.kind')
        .execute(),
      db
        .selectFrom(paidOrders(scope).select(['o.total_minor', method]).as('t'))
        .select(['t.method', sql<number>`count(*)`.as('orders'), sql<number>`sum(t.total_minor)`.as('gross')])
        .groupBy('t.method')
        .execute(),
      db
        .selectFrom('orders as o')
        .where('o.firm_id', '=', scope.firmId)
        .where('o.paid_at', '>=', scope.window.edges[0])
        .where('o.paid_at', '<', scope.window.edges[scope.window.edges.length - 1])
        .where('o.currency', '<>', scope.currency)
        .select(sql<number>`count(*)`.as('n'))
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
    const [points, items, split] = await Promise.all([series(scope), topItems(scope), breakdowns(scope)]);
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
