import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { firmFollowerPageSchema, firmFollowerQuerySchema } from '../../../shared/firm-followers';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { paged } from '../../lib/paging';
import { requireEmployment } from '../../lib/permissions';

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['Workspace: followers'],
  security: SIGNED_IN,
  middleware: [requireEmployment('audience.view')],
  summary: "The firm's followers, the latest first: the name and flip each shows on Souk, and since when (`q` searches both)",
  description: 'Never an email address or any other private detail.',
  request: { query: firmFollowerQuerySchema },
  responses: { 200: json(firmFollowerPageSchema, 'A page of followers.', 'FirmFollowerPage'), ...problems(400, 401, 403) },
});

/** `/api/dashboard/followers`: who follows the firm. */
export function firmFollowerRoutes({ db }: AppDeps) {
  return createRouter().openapi(list, async (c) => {
    const { firmId, page, size, q } = c.req.valid('query');
    let base = db.selectFrom('follows as f').innerJoin('users as u', 'u.id', 'f.user_id').where('f.firm_id', '=', firmId);
    if (q) {
      const like = `%${q.toLowerCase().replace(/[%_\\]/g, '')}%`;
      base = base.where((eb) =>
        eb.or([eb(sql<string>`lower(u.first_name || ' ' || u.last_name)`, 'like', like), eb(sql<string>`lower(u.flip)`, 'like', like)]),
      );
    }
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .select(['u.first_name', 'u.last_name', 'u.flip', 'u.image_path', 'f.created_at'])
        .orderBy('f.created_at', 'desc')
        .orderBy('u.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    const content = rows.map((row) => ({
      name: `${row.first_name} ${row.last_name}`.trim(),
      flip: row.flip,
      imagePath: row.image_path,
      since: row.created_at,
    }));
    return c.json(paged(content, page, size, Number(count.n)), 200, PRIVATE_NO_STORE);
  });
}
