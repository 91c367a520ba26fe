import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  eventInputSchema,
  eventStatusInputSchema,
  eventVisibilityInputSchema,
  newEventSchema,
  ownerEventListQuerySchema,
  ownerEventPageSchema,
  ownerEventSchema,
} from '../../../shared/owner-events';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, idParam, json, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireEmployment, type FirmFrom } from '../../lib/permissions';
import { bodyEntityFirm, contentImages, firmFollowers, shortIdFirm } from '../../lib/workspace-content';
import { notify } from '../notifications/notify';
import { createOwnerEventService, firmOfTicketCategory } from './owner-events.service';
import { finishCancellation } from './event-cancellation';
import { createWaitlistOffers } from '../waitlist/offers';

const tags = ['Workspace: events'];
const security = SIGNED_IN;
const eventFirm = entityFirm('events', 'id');

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('firm.view')],
  summary: "The firm's events, every status, the latest start first",
  request: { query: ownerEventListQuerySchema },
  responses: { 200: json(ownerEventPageSchema, 'A page of events.', 'OwnerEventPage'), ...problems(400, 401, 403) },
});
const bySid = createRoute({
  method: 'get',
  path: '/sid/{shortId}',
  tags,
  security,
  middleware: [requireEmployment('firm.view', shortIdFirm('events', 'shortId'))],
  summary: 'An event of one of my firms by short id, as its editor reads it',
  request: { params: z.object({ shortId: z.string().min(1).max(64) }) },
  responses: { 200: json(ownerEventSchema, 'The event.', 'OwnerEvent'), ...problems(401, 403, 404) },
});
const create = createRoute({
  method: 'post',
  path: '/create',
  tags,
  security,
  middleware: [requireEmployment('content.edit')],
  summary: 'Creates a draft event (no body, or its name), if the plan allows one more (CREATE_EVENT)',
  request: { query: firmIdQuerySchema, body: { required: false, content: { 'application/json': { schema: newEventSchema } } } },
  responses: { 201: json(ownerEventSchema, 'The new draft.', 'OwnerEvent'), ...problems(400, 401, 403) },
});
const save = createRoute({
  method: 'put',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('content.edit', bodyEntityFirm('events'))],
  summary: 'Saves the whole event: details, ticket categories and add-ons, in one transaction',
  description:
    'Times are instants (ISO 8601 with offset); the editor takes them on the firm’s wall clock. 409 (`event_has_sales`, ' +
    '`errors` naming the fields) for what sold tickets forbid: capacity below the seats sold, deleting a category with ' +
    'sales, a sold category priced below what its buyers paid, another currency; `event_closed` once cancelled or over.',
  request: { body: { required: true, content: { 'application/json': { schema: eventInputSchema } } } },
  responses: { 200: json(ownerEventSchema, 'The saved event.', 'OwnerEvent'), ...problems(400, 401, 403, 404, 409) },
});
const byId = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('firm.view', eventFirm)],
  summary: 'An event of one of my firms, as its editor reads it',
  request: { params: idParam },
  responses: { 200: json(ownerEventSchema, 'The event.', 'OwnerEvent'), ...problems(401, 403, 404) },
});
const remove = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('content.edit', eventFirm)],
  summary: 'Deletes an event nobody bought tickets for (409 `event_has_sales` otherwise: cancel it)',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted.' }, ...problems(401, 403, 404, 409) },
});
const status = createRoute({
  method: 'patch',
  path: '/{id}/status',
  tags,
  security,
  middleware: [requireEmployment('content.edit', eventFirm)],
  summary: 'Changes the status: 0 draft, 1 published, 2 cancelled, 3 ended',
  description:
    'draft → published (a named event starting later); published → draft (no sales), → cancelled (its buyers are told, ' +
    'their tickets cancelled), → ended (once started). Cancelled and ended are final. Other moves: 409.',
  request: { params: idParam, body: { required: true, content: { 'application/json': { schema: eventStatusInputSchema } } } },
  responses: { 200: json(ownerEventSchema, 'The event.', 'OwnerEvent'), ...problems(400, 401, 403, 404, 409) },
});
const visibility = createRoute({
  method: 'patch',
  path: '/{id}/visibility',
  tags,
  security,
  middleware: [requireEmployment('content.edit', eventFirm)],
  summary: 'Changes the visibility: 1 public (listed), 0 unlisted (by its link), 2 private (the team only)',
  request: { params: idParam, body: { required: true, content: { 'application/json': { schema: eventVisibilityInputSchema } } } },
  responses: { 200: json(ownerEventSchema, 'The event.', 'OwnerEvent'), ...problems(400, 401, 403, 404, 409) },
});

/** `/api/dashboard/events`: the spec's owner-area event paths, a list, and the cover upload. */
export function ownerEventRoutes(deps: AppDeps) {
  const events = createOwnerEventService(deps.db, deps.clock, createWaitlistOffers(deps).offerFreeSeats);
  const images = contentImages(deps);
  const router = createRouter();
  images.mount(router, { tags, permission: 'content.edit', what: 'an event' });
  return router
    .openapi(list, async (c) => {
      const { page, size, status: only } = c.req.valid('query');
      return c.json(await events.list(employmentOf(c).firmId, page, size, only), 200, PRIVATE_NO_STORE);
    })
    .openapi(bySid, async (c) => c.json(await events.byShortId(c.req.valid('param').shortId), 200, PRIVATE_NO_STORE))
    .openapi(create, async (c) =>
      c.json(await events.createDraft(employmentOf(c).firmId, c.req.valid('json')?.name), 201, PRIVATE_NO_STORE),
    )
    .openapi(save, async (c) => {
      const { event, replacedImage } = await events.save(employmentOf(c).firmId, c.req.valid('json'));
      await images.discardUnused([replacedImage]);
      return c.json(event, 200, PRIVATE_NO_STORE);
    })
    .openapi(byId, async (c) => c.json(await events.read(c.req.valid('param').id), 200, PRIVATE_NO_STORE))
    .openapi(remove, async (c) => {
      const { image } = await events.remove(employmentOf(c).firmId, c.req.valid('param').id);
      await images.discardUnused([image]);
      return c.body(null, 204);
    })
    .openapi(status, async (c) => {
      const employment = employmentOf(c);
      const change = await events.setStatus(employment.firmId, c.req.valid('param').id, c.req.valid('json').statusCode);
      if (change.firstPublished) {
        // a whole audience: told in the background (notify never throws)
        const { firmName, followerIds } = await firmFollowers(deps.db, employment.firmId);
        void notify(deps, {
          to: followerIds,
          kind: 'firm.event',
          params: { firmName, eventName: change.event.name, eventShortId: change.event.shortId },
          actorId: employment.userId,
        });
      }
      if (change.cancelled) {
        // refunds asked of the provider and the buyers told before the answer: the owner sees it done
        await finishCancellation(deps, change.cancelled, { ...change.event, firmId: employment.firmId }, employment.userId);
      }
      return c.json(change.event, 200, PRIVATE_NO_STORE);
    })
    .openapi(visibility, async (c) =>
      c.json(
        await events.setVisibility(employmentOf(c).firmId, c.req.valid('param').id, c.req.valid('json').visibility),
        200,
        PRIVATE_NO_STORE,
      ),
    );
}

/** The firm of a ticket category: its event's. */
const tierFirm: FirmFrom = async (c, db) => {
  const id = c.req.param('id');
  return id ? firmOfTicketCategory(db, id) : undefined;
};

const deleteTier = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('content.edit', tierFirm)],
  summary: 'Deletes a ticket category nobody bought (409 `tier_has_sales` otherwise)',
  request: { params: idParam },
  responses: { 200: json(ownerEventSchema, 'The event without the category.', 'OwnerEvent'), ...problems(401, 403, 404, 409) },
});

/** `/api/dashboard/ticket-tiers/{id}`. */
export function ticketTierRoutes(deps: AppDeps) {
  const events = createOwnerEventService(deps.db, deps.clock);
  return createRouter().openapi(deleteTier, async (c) =>
    c.json(await events.deleteTier(employmentOf(c).firmId, c.req.valid('param').id), 200, PRIVATE_NO_STORE),
  );
}
