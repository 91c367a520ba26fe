import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { savedByTypeQuerySchema, saveItemSchema } from '../../../shared/saved';
import { requireUser, userOf } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createSavedService } from './saved.service';

/** `/api/user/user-saved`: a signed-in user's saved items; nobody sees or deletes another's. */
export function savedRoutes({ db, clock }: AppDeps) {
  const saved = createSavedService(db, clock);
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/check/:entityId', async (c) => {
      const user = await userOf(c);
      return c.json(await saved.check(user.id, c.req.param('entityId')), 200, PRIVATE_NO_STORE);
    })
    .get('/by-entity-type', validate('query', savedByTypeQuerySchema), async (c) => {
      const user = await userOf(c);
      const { offset, limit, entitytc } = c.req.valid('query');
      return c.json(await saved.byType(user.id, entitytc, offset, limit), 200, PRIVATE_NO_STORE);
    })
    .post('/', validate('json', saveItemSchema), async (c) => {
      const user = await userOf(c);
      const result = await saved.save(user.id, c.req.valid('json'));
      if (!result) throw notFound('Nothing to save: the item does not exist.');
      return c.json(result.item, result.created ? 201 : 200, PRIVATE_NO_STORE);
    })
    .delete('/entity/:entityId', async (c) => {
      const user = await userOf(c);
      await saved.removeByEntity(user.id, c.req.param('entityId'));
      return c.body(null, 204);
    })
    .delete('/:id', async (c) => {
      const user = await userOf(c);
      if (!(await saved.remove(user.id, c.req.param('id')))) throw notFound('Saved item not found.');
      return c.body(null, 204);
    });
}
