import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { boundedCache } from '../../../shared/bounded-cache';
import { QR_SOURCE, type PageView } from '../../../shared/page-views';
import { knownZone, today } from '../sales-reports/sales-periods';
import { ITEM_TABLES } from './page-tables';

/**
 * Page views counted without cookies and without keeping anything about the visitor: a view adds
 * one to its day's row (the firm's calendar) in a single upsert, so counting costs the page one
 * statement and several server processes add to the same rows. What a page's address names (a
 * username, a short id) is looked up once and remembered for a while, so a busy page does not
 * read its firm again on every view.
 */

/** Robots, link previews and command-line clients: their visits are not people's. */
const BOT_AGENT =
  /bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|lighthouse|pingdom|monitor|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|httpclient|scrapy|phantomjs/i;

export const isBot = (userAgent: string | undefined) => !userAgent || BOT_AGENT.test(userAgent);

/** How long a page's firm and zone are remembered (a renamed or moved firm is read again after it). */
const RESOLVED_MS = 10 * 60_000;

interface Resolved {
  firmId: string;
  itemId: string;
  zone: string;
}

export function createPageViewCounter({ db, clock, secrets }: Pick<AppDeps, 'db' | 'clock' | 'secrets'>) {
  const resolved = boundedCache<string, { page: Resolved | undefined; until: number }>(10_000);

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

  /** Counts one view; false when the page does not exist (or its firm is not public). */
  async function count(view: PageView): Promise<boolean> {
    const page = await resolve(view);
    if (!page) return false;
    await db
      .insertInto('page_view_days')
      .values({
        firm_id: page.firmId,
        day: today(clock(), page.zone),
        kind: view.kind,
        item_id: page.itemId,
        views: 1,
        scans: view.source === QR_SOURCE ? 1 : 0,
      })
      .onConflict((oc) =>
        oc.columns(['firm_id', 'day', 'kind', 'item_id']).doUpdateSet((eb) => ({
          views: eb('page_view_days.views', '+', 1),
          scans: eb('page_view_days.scans', '+', eb.ref('excluded.scans')),
        })),
      )
      .execute();
    return true;
  }

  /**
   * Who is counting, for the rate limit only: a hash of the address salted with the server's key
   * and the day, so the limiter's store (shared by the processes) never holds an address.
   */
  function visitor(address: string): string {
    const day = clock().toISOString().slice(0, 10);
    return crypto.createHmac('sha256', secrets.refreshKey).update(`${day}|${address}`).digest('base64url').slice(0, 22);
  }

  return { count, visitor };
}
