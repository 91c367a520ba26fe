import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { currentUser, requireUser, userOf } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';
import { paged } from '../../lib/paging';
import { validate } from '../../lib/validate';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createFirmService } from '../firms/firms.service';
import { createFollowService } from './follows.service';

/**
 * `/api/user/follows/{firmId}`: follow state (anyone), follow (PUT) and unfollow (DELETE). A firm's
 * follower count is in its public page: the write empties the public cache (`clearOnWrite`).
 */
export function followRoutes({ db, clock }: AppDeps) {
  const follows = createFollowService(db, clock);
  return new Hono<AppEnv>()
    .get('/:firmId', async (c) => {
      const user = await currentUser(c);
      return c.json(await follows.state(c.req.param('firmId'), user?.id), 200, PRIVATE_NO_STORE);
    })
    .put('/:firmId', requireUser, async (c) => {
      const user = await userOf(c);
      const state = await follows.follow(user.id, c.req.param('firmId'));
      if (!state) throw notFound('Firm not found.');
      return c.json(state, 200, PRIVATE_NO_STORE);
    })
    .delete('/:firmId', requireUser, async (c) => {
      const user = await userOf(c);
      const state = await follows.unfollow(user.id, c.req.param('firmId'));
      return c.json(state, 200, PRIVATE_NO_STORE);
    });
}

/** `/api/user/profile/following?page&size`: the firms the signed-in user follows, newest first. */
export function followingRoutes({ db, clock, env }: AppDeps) {
  const firms = createFirmService(db, clock, env.publicUrl);
  const query = z.object({
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).default(50).transform((s) => Math.min(s, 50)),
  });
  return new Hono<AppEnv>().get('/following', requireUser, validate('query', query), async (c) => {
    const user = await userOf(c);
    const { page, size } = c.req.valid('query');
    const [count, ids] = await Promise.all([
      db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow(),
      db.selectFrom('follows').select('firm_id').where('user_id', '=', user.id).orderBy('created_at', 'desc').limit(size).offset(page * size).execute(),
    ]);
    const cards = await firms.cardsByIds(ids.map((row) => row.firm_id));
    return c.json(paged(cards, page, size, Number(count.n)), 200, PRIVATE_NO_STORE);
  });
}
