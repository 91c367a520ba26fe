import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { eventDetailSchema, eventFilterSchema, eventPageSchema, eventPagingSchema } from '../../../shared/events';
import { badRequest, fieldErrors, notFound } from '../../lib/errors';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { readOnlyPost } from '../../lib/response-cache';
import { viewerOf } from '../../lib/auth-context';
import { createRoute, createRouter, json, media, problems } from '../../lib/openapi';
import { icsFile } from '../../../shared/calendar';
import { createEventService } from './events.service';

const tags = ['Events'];

/**
 * The filter body is optional (an empty body lists upcoming events), so the handler parses it
 * rather than a declared zod body (which would refuse an empty one): the body refers to the
 * schema's component instead, registered with the router below.
 */
const EventFilter = eventFilterSchema.openapi('EventFilter');

const list = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Events, filtered by the body and paged',
  // a read: it does not empty the public caches (lib/response-cache.ts)
  middleware: [readOnlyPost],
  description: 'Without `from`/`to`, upcoming listed events, soonest first. The body may be empty.',
  request: {
    query: eventPagingSchema,
    body: { required: false, content: { 'application/json': { schema: { $ref: '#/components/schemas/EventFilter' } } } },
  },
  responses: { 200: json(eventPageSchema, 'A page of event cards.', 'EventPage'), ...problems(400) },
});
const byShortId = createRoute({
  method: 'get',
  path: '/sid/{shortId}',
  tags,
  summary: 'An event by short id, with its ticket categories and add-ons',
  request: { params: z.object({ shortId: z.string() }) },
  responses: { 200: json(eventDetailSchema, 'The event (unlisted ones too: the link is the key).', 'EventDetail'), ...problems(404) },
});

const calendar = createRoute({
  method: 'get',
  path: '/sid/{shortId}/calendar.ics',
  tags,
  summary: 'An event as an iCalendar file (add to calendar)',
  request: { params: z.object({ shortId: z.string() }) },
  responses: { 200: media('text/calendar', 'The event (RFC 5545), in UTC, located at its venue.', 'text'), ...problems(404) },
});

/** `/api/public/events`: `POST /?page&size` with a filter body, `GET /sid/{shortId}`, its `.ics`. */
export function eventRoutes({ db, clock, env }: AppDeps) {
  const events = createEventService(db, clock);
  const router = createRouter();
  router.openAPIRegistry.register('EventFilter', EventFilter);
  return router
    .openapi(list, async (c) => {
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
      return c.json(await events.list(parsed.data, page, size, await viewerOf(c)), 200, { 'Cache-Control': 'no-cache' });
    })
    .openapi(byShortId, async (c) => {
      const event = await events.byShortId(c.req.valid('param').shortId, await viewerOf(c));
      if (!event) throw notFound('Event not found.');
      return c.json(event, 200, PUBLIC_CACHE);
    })
    .openapi(calendar, async (c) => {
      const event = await events.byShortId(c.req.valid('param').shortId, await viewerOf(c));
      if (!event) throw notFound('Event not found.');
      const { addressLine, city, country } = event.venue;
      const file = icsFile(
        {
          uid: `${event.id}@souk`,
          name: event.name,
          description: event.description,
          start: event.startDateTime,
          end: event.endDateTime,
          location: [event.firmName, addressLine, city, country].filter(Boolean).join(', '),
          url: `${env.publicUrl}/event/${event.shortId}`,
          timezone: event.timezone,
        },
        clock(),
      );
      return c.body(file, 200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="souk-${event.shortId}.ics"`,
        'Cache-Control': 'no-cache',
      });
    });
}
