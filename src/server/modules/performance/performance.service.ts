import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import { assertPlanIncludes } from '../../lib/plans';
import { ENTITY_TYPE } from '../../../shared/entity-types';
import {
  PERFORMANCE_METRICS,
  PERFORMANCE_WEEKS,
  type Performance,
  type PerformanceChange,
  type PerformanceFigures,
} from '../../../shared/performance';
import { dateOfDay, dayNumber } from '../../../shared/sales-reports';
import { knownZone, weeksWindow, type SalesWindow } from '../sales-reports/sales-periods';
import { createSalesReportService, pieceOf } from '../sales-reports/sales-reports.service';
import { ITEM_KINDS, ITEM_TABLES, type ItemKind } from './page-tables';

/**
 * A firm's weeks on its own calendar: views and scans from the daily counts, follows and saves
 * from their rows, purchases (orders paid) from the sales report's series. Twice the weeks shown
 * are read, so the first week shown has one to compare with and the totals have a period before.
 */

const TOP_ITEMS = 10;
const num = (value: unknown) => Number(value ?? 0);

/** Percent change from `previous` to `current`, rounded; null when there was nothing before. */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

function figuresOf(parts: Omit<PerformanceFigures, 'conversion'>[]): PerformanceFigures {
  const sum = (metric: keyof Omit<PerformanceFigures, 'conversion'>) => parts.reduce((total, part) => total + part[metric], 0);
  const views = sum('views');
  const purchases = sum('purchases');
  return {
    views,
    scans: sum('scans'),
    follows: sum('follows'),
    saves: sum('saves'),
    purchases,
    conversion: views ? purchases / views : null,
  };
}

const changeOf = (current: PerformanceFigures, previous: PerformanceFigures): PerformanceChange =>
  Object.fromEntries(PERFORMANCE_METRICS.map((metric) => [metric, percentChange(current[metric], previous[metric])])) as PerformanceChange;

export function createPerformanceService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  const sales = createSalesReportService(deps);

  /** The window's days as edges for `pieceOf` over the `day` column (calendar dates compare as text). */
  const dayEdges = (window: SalesWindow) => [...window.starts, dateOfDay(dayNumber(window.to) + 1)];

  async function views(firmId: string, window: SalesWindow) {
    return db
      .selectFrom('page_view_days')
      .where('firm_id', '=', firmId)
      .where('day', '>=', window.from)
      .where('day', '<=', window.to)
      .select([pieceOf('day', dayEdges(window)).as('piece'), sql<number>`sum(views)`.as('views'), sql<number>`sum(scans)`.as('scans')])
      .groupBy(sql.ref('piece'))
      .execute();
  }

  async function follows(firmId: string, window: SalesWindow) {
    return db
      .selectFrom('follows')
      .where('firm_id', '=', firmId)
      .where('created_at', '>=', window.edges[0])
      .where('created_at', '<', window.edges[window.edges.length - 1])
      .select([pieceOf('created_at', window.edges).as('piece'), sql<number>`count(*)`.as('n')])
      .groupBy(sql.ref('piece'))
      .execute();
  }

  /** Saves of the firm itself and of its dishes, products, events and posts. */
  async function saves(firmId: string, window: SalesWindow) {
    return db
      .selectFrom('saved_items as s')
      .where('s.created_at', '>=', window.edges[0])
      .where('s.created_at', '<', window.edges[window.edges.length - 1])
      .where((eb) =>
        eb.or([
          eb.and([eb('s.entity_type_code', '=', ENTITY_TYPE.FIRM), eb('s.entity_id', '=', firmId)]),
          ...ITEM_KINDS.map((kind) =>
            eb.and([
              eb('s.entity_type_code', '=', ITEM_TABLES[kind].type),
              eb('s.entity_id', 'in', eb.selectFrom(ITEM_TABLES[kind].table).select('id').where('firm_id', '=', firmId)),
            ]),
          ),
        ]),
      )
      .select([pieceOf('s.created_at', window.edges).as('piece'), sql<number>`count(*)`.as('n')])
      .groupBy(sql.ref('piece'))
      .execute();
  }

  /** The items seen most in the weeks shown (the firm's own page is in the weekly figures). */
  async function topItems(firmId: string, from: string, to: string): Promise<Performance['topItems']> {
    const rows = await db
      .selectFrom('page_view_days')
      .where('firm_id', '=', firmId)
      .where('kind', '<>', 'firm')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .select(['kind', 'item_id', sql<number>`sum(views)`.as('views')])
      .groupBy(['kind', 'item_id'])
      .orderBy(sql`sum(views)`, 'desc')
      .orderBy('item_id')
      .limit(TOP_ITEMS)
      .execute();
    const names = new Map<string, string>();
    await Promise.all(
      ITEM_KINDS.map(async (kind) => {
        const ids = rows.filter((row) => row.kind === kind).map((row) => row.item_id);
        if (!ids.length) return;
        const found = await db.selectFrom(ITEM_TABLES[kind].table).select(['id', 'name']).where('id', 'in', ids).execute();
        for (const item of found) names.set(`${kind}:${item.id}`, item.name);
      }),
    );
    // an item deleted since it was seen leaves the list
    return rows
      .filter((row) => names.has(`${row.kind}:${row.item_id}`))
      .map((row) => ({
        kind: row.kind as ItemKind,
        id: row.item_id,
        name: names.get(`${row.kind}:${row.item_id}`)!,
        views: num(row.views),
      }));
  }

  async function performance(firmId: string): Promise<Performance> {
    const now = clock();
    await assertPlanIncludes(db, firmId, 'PERFORMANCE', now);
    const firm = await db.selectFrom('firms').select(['currency', 'timezone']).where('id', '=', firmId).executeTakeFirst();
    if (!firm) throw notFound('Firm not found.');
    const timezone = knownZone(firm.timezone);
    const window = weeksWindow(2 * PERFORMANCE_WEEKS, now, timezone);
    const [seen, followed, saved, sold] = await Promise.all([
      views(firmId, window),
      follows(firmId, window),
      saves(firmId, window),
      sales.series({ firmId, currency: firm.currency, window }),
    ]);
    const at = <T extends { piece: unknown }>(rows: T[], index: number) => rows.find((row) => num(row.piece) === index);
    // the sales series has a point for every week of the window
    const weeks = sold.map((point, index) =>
      figuresOf([
        {
          views: num(at(seen, index)?.views),
          scans: num(at(seen, index)?.scans),
          follows: num(at(followed, index)?.n),
          saves: num(at(saved, index)?.n),
          purchases: point.orders,
        },
      ]),
    );
    const current = figuresOf(weeks.slice(PERFORMANCE_WEEKS));
    const previous = figuresOf(weeks.slice(0, PERFORMANCE_WEEKS));
    const from = window.starts[PERFORMANCE_WEEKS];
    return {
      timezone,
      from,
      to: window.to,
      weeks: weeks.slice(PERFORMANCE_WEEKS).map((figures, index) => ({
        start: window.starts[PERFORMANCE_WEEKS + index],
        figures,
        change: changeOf(figures, weeks[PERFORMANCE_WEEKS + index - 1]),
      })),
      totals: { current, previous, change: changeOf(current, previous) },
      topItems: await topItems(firmId, from, window.to),
    };
  }

  return { performance };
}
