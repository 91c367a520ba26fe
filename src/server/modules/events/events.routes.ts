import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { eventFilterSchema, eventPagingSchema } from '../../../shared/events';
import { badRequest, notFound } from '../../lib/errors';
import { fieldErrors, validate } from '../../lib/validate';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { createEventService } from './events.service';

/** `/api/public/events`: `POST /?page&size` with a filter body, `GET /sid/{shortId}`. */
export function eventRoutes({ db, clock }: AppDeps) {
  const events = createEventService(db, clock);
  return new Hono<AppEnv>()
    .post('/', validate('query', eventPagingSchema), async (c) => {
      const { page, size } = c.req.valid('query');
      let body: unknown = {};
      const text = await c.req.text();
      if (text.trim()) {
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
      }
      const parsed = eventFilterSchema.safeParse(body ?? undefined);
      if (!parsed.success || body === null) {
        throw badRequest('Bad request – please check your input.', parsed.success ? { _: ['Malformed JSON.'] } : fieldErrors(parsed.error));
      }
      return c.json(await events.list(parsed.data, page, size), 200, { 'Cache-Control': 'no-cache' });
    })
    .get('/sid/:shortId', async (c) => {
      const event = await events.byShortId(c.req.param('shortId'));
      if (!event) throw notFound('Event not found.');
      return c.json(event, 200, PUBLIC_CACHE);
    });
}
