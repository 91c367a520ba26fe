import crypto from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../lib/errors';
import { paged } from '../../lib/paging';
import { assertPlanIncludes, lockFirmRow } from '../../lib/plans';
import { ANNOUNCEMENTS_PER_DAY, type Announcement } from '../../../shared/announcements';
import type { Paged } from '../../../shared/paging';
import { notify } from '../notifications/notify';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A firm's announcements: sent to every follower as a `firm.announcement` notification (in-app,
 * and email or push as each follower chose: notify()), and kept with how many followers they
 * reached. Only on a plan with ANNOUNCEMENTS; at most ANNOUNCEMENTS_PER_DAY in 24 hours per firm,
 * counted under the firm's row lock so parallel sends cannot pass the limit.
 */
export function createAnnouncementService(deps: AppDeps) {
  const { db, clock } = deps;

  async function list(firmId: string, page: number, size: number): Promise<Paged<Announcement>> {
    const [count, rows] = await Promise.all([
      db
        .selectFrom('announcements')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('firm_id', '=', firmId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('announcements as a')
        .leftJoin('users as u', 'u.id', 'a.author_id')
        .select(['a.id', 'a.text', 'a.reached', 'a.created_at', 'u.first_name', 'u.last_name'])
        .where('a.firm_id', '=', firmId)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(
      rows.map((row) => ({
        id: row.id,
        text: row.text,
        reached: row.reached,
        authorName: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
        createdAt: row.created_at,
      })),
      page,
      size,
      Number(count.n),
    );
  }

  async function send(firmId: string, authorId: string, text: string): Promise<Announcement> {
    const now = clock();
    await assertPlanIncludes(db, firmId, 'ANNOUNCEMENTS', now);
    const firm = await db.selectFrom('firms').select(['name', 'username']).where('id', '=', firmId).executeTakeFirstOrThrow();
    const id = crypto.randomUUID();
    const createdAt = now.toISOString();
    const followers = await db.transaction().execute(async (trx) => {
      await lockFirmRow(trx, firmId);
      const recent = await trx
        .selectFrom('announcements')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('firm_id', '=', firmId)
        .where('created_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= ANNOUNCEMENTS_PER_DAY) {
        throw new HttpError(
          429,
          `A business may send ${ANNOUNCEMENTS_PER_DAY} announcements in 24 hours. Try again later.`,
          'announcement_limit',
        );
      }
      const rows = await trx
        .selectFrom('follows')
        .select('user_id')
        .where('firm_id', '=', firmId)
        .where('user_id', '!=', authorId)
        .execute();
      await trx
        .insertInto('announcements')
        .values({ id, firm_id: firmId, author_id: authorId, text, reached: rows.length, created_at: createdAt })
        .execute();
      return rows.map((row) => row.user_id);
    });
    if (followers.length) {
      // a large audience is told after the answer (notify() logs what fails, never throws)
      deps.background.run('announcement', () =>
        notify(deps, {
          to: followers,
          kind: 'firm.announcement',
          params: { firmName: firm.name, firmUsername: firm.username, text },
          actorId: authorId,
        }),
      );
    }
    const author = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', authorId).executeTakeFirst();
    return {
      id,
      text,
      reached: followers.length,
      authorName: author ? `${author.first_name} ${author.last_name}`.trim() : null,
      createdAt,
    };
  }

  return { list, send };
}
