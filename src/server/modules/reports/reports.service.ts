import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { type Report, type ReportInput, reportInputSchema } from '../../../shared/reports';
import type { ReportTarget } from '../../../shared/report-kinds';
import { notFound } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { articleText } from '../../lib/article-html';

/** What was reported: its id, its name, and what it said then (kept with the report for the admins). */
type Resolved = { id: string; name: string; preview?: string };
const PREVIEW_MAX = 500;

/** Reports for moderation: what is reported is looked up (by id, or by the link to its page) and named. */
export function createReportService(
  { db, clock, env }: Pick<AppDeps, 'db' | 'clock' | 'env'>,
  reviewTarget?: (id: string) => Promise<Resolved | undefined>,
) {
  /** The last segments of a link's path on this site, whatever host it was pasted with. */
  function pathOf(link: string): string[] {
    let pathname: string;
    try {
      pathname = new URL(link, env.publicUrl).pathname;
    } catch {
      return [];
    }
    return pathname
      .split('/')
      .filter(Boolean)
      .map((part) => decodeURIComponent(part));
  }

  async function resolve(type: ReportTarget, id: string | undefined, link: string | undefined): Promise<Resolved | undefined> {
    const parts = link ? pathOf(link) : [];
    switch (type) {
      case 'user': {
        const flip = parts[0] === 'profile' ? parts[1] : undefined;
        if (!id && !flip) return undefined;
        let q = db.selectFrom('users').select(['id', 'first_name', 'last_name']);
        q = id ? q.where('id', '=', id) : q.where(sql`lower(flip)`, '=', flip!.toLowerCase());
        const row = await q.executeTakeFirst();
        return row && { id: row.id, name: `${row.first_name} ${row.last_name}`.trim() };
      }
      case 'firm': {
        const username = parts[0];
        if (!id && !username) return undefined;
        let q = db.selectFrom('firms').select(['id', 'name', 'description']);
        q = id ? q.where('id', '=', id) : q.where(sql`lower(username)`, '=', username.toLowerCase());
        const row = await q.executeTakeFirst();
        return row && { id: row.id, name: row.name, preview: row.description };
      }
      case 'event': {
        const shortId = parts[0] === 'event' ? parts[1] : undefined;
        if (!id && !shortId) return undefined;
        let q = db.selectFrom('events').select(['id', 'name', 'description']);
        q = id ? q.where((eb) => eb.or([eb('id', '=', id), eb('short_id', '=', id)])) : q.where('short_id', '=', shortId!);
        const row = await q.executeTakeFirst();
        return row && { id: row.id, name: row.name, preview: row.description ?? '' };
      }
      case 'post': {
        const shortId = parts[0] === 'blog' ? parts[1] : undefined;
        if (!id && !shortId) return undefined;
        let q = db.selectFrom('blog_posts').select(['id', 'name', 'short_summary', 'content']);
        q = id ? q.where((eb) => eb.or([eb('id', '=', id), eb('short_id', '=', id)])) : q.where('short_id', '=', shortId!);
        const row = await q.executeTakeFirst();
        return row && { id: row.id, name: row.name, preview: row.short_summary.trim() || articleText(row.content) };
      }
      case 'review':
        // reviews are reported from the firm page with their id (modules/reviews adds the lookup)
        return id ? reviewTarget?.(id) : undefined;
    }
  }

  async function create(reporterId: string, input: ReportInput): Promise<Report> {
    const parsed = reportInputSchema.parse(input);
    const target = await resolve(parsed.targetType, parsed.targetId, parsed.link);
    if (!target) throw notFound('We could not find what you want to report. Check the link.');
    const row = {
      id: randomId(),
      reporter_id: reporterId,
      target_type: parsed.targetType,
      target_id: target.id,
      target_name: target.name.slice(0, 200),
      preview: (target.preview ?? '').slice(0, PREVIEW_MAX),
      reason: parsed.reason,
      details: parsed.details,
      status: 'open',
      created_at: clock().toISOString(),
    };
    await db.insertInto('reports').values(row).execute();
    return toReport(row);
  }

  async function mine(reporterId: string): Promise<Report[]> {
    const rows = await db
      .selectFrom('reports')
      .selectAll()
      .where('reporter_id', '=', reporterId)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute();
    return rows.map(toReport);
  }

  return { create, mine };
}

function toReport(row: {
  id: string;
  target_type: string;
  target_name: string;
  reason: string;
  status: string;
  created_at: string;
}): Report {
  return {
    id: row.id,
    targetType: row.target_type as Report['targetType'],
    targetName: row.target_name,
    reason: row.reason as Report['reason'],
    status: row.status === 'reviewed' ? 'reviewed' : 'open',
    createdAt: row.created_at,
  };
}
