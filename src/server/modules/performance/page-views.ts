import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Logger } from '../../lib/logger';
import { boundedCache } from '../../../shared/bounded-cache';
import { QR_SOURCE, type PageKind, type PageView } from '../../../shared/page-views';
import { knownZone, today } from '../sales-reports/sales-periods';
import { ITEM_TABLES } from './page-tables';

/**
 * Page views counted without cookies and without keeping anything about the visitor. A view is
 * added in memory to its day's row (the firm's calendar) and the rows gathered are written together,
 * one upsert that adds to what is stored, a couple of seconds after the first view, at once when
 * many rows are waiting, and when the server stops. A busy page so costs a statement every few
 * seconds rather than one per view, and several processes still add to the same rows.
 *
 * The trade-off (decision 070): views are analytics, not something a visitor was told was kept, so
 * the views of the last interval may be lost if the process is killed without stopping; every
 * acknowledged action (an order, a payment, a mail, a ticket scan) is still written before its answer.
 *
 * What a page's address names (a username, a short id) is looked up once and remembered for a
 * while, so a busy page does not read its firm again on every view.
 */

/** Robots, link previews and command-line clients: their visits are not people's. */
const BOT_AGENT =
  /bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|lighthouse|pingdom|monitor|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|httpclient|scrapy|phantomjs/i;

export const isBot = (userAgent: string | undefined) => !userAgent || BOT_AGENT.test(userAgent);

/** How long a page's firm and zone are remembered (a renamed or moved firm is read again after it). */
const RESOLVED_MS = 10 * 60_000;
/** How long the first view waiting is kept before the rows are written: what a kill may lose. */
const FLUSH_AFTER_MS = 2000;
/** Rows waiting that are written at once, and the most one statement carries (6 values a row). */
const FLUSH_AT_ROWS = 500;

interface Resolved {
  firmId: string;
  itemId: string;
  zone: string;
}

interface Waiting {
  firm_id: string;
  day: string;
  kind: PageKind;
  item_id: string;
  views: number;
  scans: number;
}

export interface PageViewCounter {
  /** Counts one view; false when the page does not exist (or its firm is not public). */
  count(view: PageView): Promise<boolean>;
  /** Writes what is waiting (and waits for a write under way). */
  flush(): Promise<void>;
  /** Writes what is waiting and writes every later view at once: the server is stopping. */
  close(): Promise<void>;
}

export function createPageViewCounter(
  { db, clock, logger }: Pick<AppDeps, 'db' | 'clock'> & { logger: Logger },
  { flushAfterMs = FLUSH_AFTER_MS, flushAtRows = FLUSH_AT_ROWS } = {},
): PageViewCounter {
  const resolved = boundedCache<string, { page: Resolved | undefined; until: number }>(10_000);
  // A zone's date changes only on a whole minute (every offset in use is whole minutes), so each
  // zone's date is worked out once a minute rather than on every view.
  const dates = new Map<string, { minute: number; date: string }>();
  let waiting = new Map<string, Waiting>();
  let timer: NodeJS.Timeout | undefined;
  let writes: Promise<void> = Promise.resolve();
  /** a write is queued behind the one under way: it will take whatever waits when it starts */
  let queued = false;
  let closed = false;

  async function lookUp({ kind, key }: PageView): Promise<Resolved | undefined> {
    if (kind === 'firm') {
      const firm = await db
        .selectFrom('firms')
        .select(['id', 'timezone'])
        .where(sql`lower(username)`, '=', key.toLowerCase())
        .where('status_code', '=', 1)
        .executeTakeFirst();
      return firm && { firmId: firm.id, itemId: firm.id, zone: knownZone(firm.timezone) };
    }
    // the item tables share these columns; the kind picks which one is read
    const row = await db
      .selectFrom(`${ITEM_TABLES[kind].table} as i` as 'events as i')
      .innerJoin('firms as f', 'f.id', 'i.firm_id')
      .select(['i.id', 'f.id as firmId', 'f.timezone'])
      .where('i.short_id', '=', key)
      .where('f.status_code', '=', 1)
      .executeTakeFirst();
    return row && { firmId: row.firmId, itemId: row.id, zone: knownZone(row.timezone) };
  }

  async function resolve(view: PageView): Promise<Resolved | undefined> {
    const cacheKey = `${view.kind}:${view.key.toLowerCase()}`;
    const now = clock().getTime();
    const known = resolved.get(cacheKey);
    if (known && known.until > now) return known.page;
    const page = await lookUp(view);
    resolved.set(cacheKey, { page, until: now + RESOLVED_MS });
    return page;
  }

  function dateIn(zone: string): string {
    const now = clock();
    const minute = Math.floor(now.getTime() / 60_000);
    const known = dates.get(zone);
    if (known?.minute === minute) return known.date;
    const date = today(now, zone);
    dates.set(zone, { minute, date });
    return date;
  }

  /** Adds `row`'s counts to what waits for its firm, day, kind and item. */
  function add(into: Map<string, Waiting>, row: Waiting) {
    const key = `${row.firm_id}|${row.day}|${row.kind}|${row.item_id}`;
    const known = into.get(key);
    if (known) {
      known.views += row.views;
      known.scans += row.scans;
    } else into.set(key, { ...row });
  }

  /**
   * One upsert of up to `flushAtRows` rows, in the order of their key: two processes writing the
   * same rows lock them in the same order, so PostgreSQL never finds them waiting on each other.
   */
  async function write(rows: Waiting[]) {
    await db
      .insertInto('page_view_days')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['firm_id', 'day', 'kind', 'item_id']).doUpdateSet((eb) => ({
          views: eb('page_view_days.views', '+', eb.ref('excluded.views')),
          scans: eb('page_view_days.scans', '+', eb.ref('excluded.scans')),
        })),
      )
      .execute();
  }

  async function writeWaiting() {
    const taken = [...waiting.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    waiting = new Map();
    for (let start = 0; start < taken.length; start += flushAtRows) {
      const rows = taken.slice(start, start + flushAtRows);
      try {
        await write(rows);
      } catch (error) {
        // kept for the next write: a database that is briefly away loses no views (the rows
        // waiting are one per page and day, however many views they hold)
        for (const row of rows) add(waiting, row);
        logger.error({ err: error, rows: rows.length }, 'page views not written; kept for the next write');
        schedule();
      }
    }
  }

  /** One write at a time, each taking what waits when it starts. */
  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (queued) return writes;
    queued = true;
    writes = writes.then(() => {
      queued = false;
      return writeWaiting();
    });
    return writes;
  }

  function schedule() {
    if (timer || closed) return;
    timer = setTimeout(() => void flush(), flushAfterMs);
    // a process with nothing else to do may end: stopping writes what waits (close)
    timer.unref();
  }

  async function count(view: PageView): Promise<boolean> {
    const page = await resolve(view);
    if (!page) return false;
    add(waiting, {
      firm_id: page.firmId,
      day: dateIn(page.zone),
      kind: view.kind,
      item_id: page.itemId,
      views: 1,
      scans: view.source === QR_SOURCE ? 1 : 0,
    });
    if (closed || waiting.size >= flushAtRows) void flush();
    else schedule();
    return true;
  }

  return {
    count,
    flush,
    close() {
      closed = true;
      return flush();
    },
  };
}
