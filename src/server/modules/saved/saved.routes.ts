import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { savedByTypeQuerySchema, savedCheckSchema, savedItemSchema, savedPageSchema, saveItemSchema } from '../../../shared/saved';
import { requireUser, userOf } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { createSavedService } from './saved.service';

const tags = ['Saved'];
const security = SIGNED_IN;

const check = createRoute({
  method: 'get',
  path: '/check/{entityId}',
  tags,
  security,
  summary: 'Whether the user saved an entity',
  request: { params: z.object({ entityId: z.string() }) },
  responses: { 200: json(savedCheckSchema, 'Saved or not, and the saved item id.', 'SavedCheck'), ...problems(401) },
});
const byType = createRoute({
  method: 'get',
  path: '/by-entity-type',
  tags,
  security,
  summary: "The user's saved items, newest first, optionally of one entity type",
  request: { query: savedByTypeQuerySchema },
  responses: { 200: json(savedPageSchema, 'A page of saved items with their cards.', 'SavedPage'), ...problems(400, 401) },
});
const save = createRoute({
  method: 'post',
  path: '/',
  tags,
  security,
  summary: 'Saves an entity (idempotent)',
  request: { body: { required: true, content: { 'application/json': { schema: saveItemSchema } } } },
  responses: {
    200: json(savedItemSchema, 'It was already saved.', 'SavedItem'),
    201: json(savedItemSchema, 'Saved.', 'SavedItem'),
    ...problems(400, 401, 404),
  },
});
const removeByEntity = createRoute({
  method: 'delete',
  path: '/entity/{entityId}',
  tags,
  security,
  summary: 'Unsaves an entity (idempotent)',
  request: { params: z.object({ entityId: z.string() }) },
  responses: { 204: { description: 'Not saved any more.' }, ...problems(401) },
});
const remove = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  security,
  summary: 'Deletes one of the user’s saved items',
  request: { params: z.object({ id: z.string() }) },
  responses: { 204: { description: 'Deleted.' }, ...problems(401, 404) },
});

/** `/api/user/user-saved`: a signed-in user's saved items; nobody sees or deletes another's. */
export function savedRoutes({ db, clock }: AppDeps) {
  const saved = createSavedService(db, clock);
  const router = createRouter();
  router.use(requireUser);
  return router
    .openapi(check, async (c) => {
      const user = await userOf(c);
      return c.json(await saved.check(user.id, c.req.valid('param').entityId), 200, PRIVATE_NO_STORE);
    })
    .openapi(byType, async (c) => {
      const user = await userOf(c);
      const { offset, limit, entitytc } = c.req.valid('query');
      return c.json(await saved.byType(user.id, entitytc, offset, limit, user.id), 200, PRIVATE_NO_STORE);
    })
    .openapi(save, async (c) => {
      const user = await userOf(c);
      const result = await saved.save(user.id, c.req.valid('json'));
      if (!result) throw notFound('Nothing to save: the item does not exist.');
      return c.json(result.item, result.created ? 201 : 200, PRIVATE_NO_STORE);
    })
    .openapi(removeByEntity, async (c) => {
      const user = await userOf(c);
      await saved.removeByEntity(user.id, c.req.valid('param').entityId);
      return c.body(null, 204);
    })
    .openapi(remove, async (c) => {
      const user = await userOf(c);
      if (!(await saved.remove(user.id, c.req.valid('param').id))) throw notFound('Saved item not found.');
      return c.body(null, 204);
    });
}
