import type { AppDeps } from '../../app-deps';
import { menuItemAvailabilitySchema } from '../../../shared/owner-catalogue';
import {
  kitchenBoardQuerySchema,
  kitchenBoardSchema,
  kitchenDishesSchema,
  kitchenDishSchema,
  kitchenMoveSchema,
  kitchenOrderingInputSchema,
  kitchenSetupSchema,
  kitchenStationInputSchema,
  kitchenTicketSchema,
  kitchenTimersInputSchema,
} from '../../../shared/kitchen';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, idParam, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireEmployment } from '../../lib/permissions';
import { createKitchenDishes } from './kitchen-dishes';
import { createKitchenService } from './kitchen.service';

const tags = ['Workspace: kitchen'];
const security = SIGNED_IN;
const ticketFirm = entityFirm('kitchen_tickets', 'id');
const sectionFirm = entityFirm('menu_sections', 'id');
const dishFirm = entityFirm('menu_items', 'id');
const ticketResponse = json(kitchenTicketSchema, 'The ticket where it stands now.', 'KitchenTicket');
const setupResponse = json(kitchenSetupSchema, "Whether the firm takes orders, and its menu sections' stations.", 'KitchenSetup');

const board = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: 'The kitchen board: open tickets (oldest first) of a station or all, the last served, and the all-day counts',
  request: { query: kitchenBoardQuerySchema },
  responses: { 200: json(kitchenBoardSchema, 'The board.', 'KitchenBoard'), ...problems(400, 401, 403) },
});
const moveRoute = (direction: 'advance' | 'recall') =>
  createRoute({
    method: 'post',
    path: `/tickets/{id}/${direction}`,
    tags,
    security,
    middleware: [requireEmployment('sales.handle', ticketFirm)],
    summary:
      direction === 'advance'
        ? 'Bumps a ticket one step on (received → preparing → ready → served) from the step the screen showed'
        : 'Recalls a ready or served ticket one step back, from the step the screen showed',
    description:
      'A ticket that is no longer at `from` (another screen moved it) answers 409 `kitchen_ticket_moved`; a step that does not ' +
      'exist 409 `kitchen_step_refused`. The bump that makes the whole order ready notifies the buyer.',
    request: { params: idParam, body: jsonBody(kitchenMoveSchema) },
    responses: { 200: ticketResponse, ...problems(400, 401, 403, 404, 409) },
  });
const advance = moveRoute('advance');
const recall = moveRoute('recall');
const setup = createRoute({
  method: 'get',
  path: '/setup',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: "Whether guests may order the menu's dishes, and the station each menu section's dishes go to",
  request: { query: firmIdQuerySchema },
  responses: { 200: setupResponse, ...problems(400, 401, 403) },
});
const ordering = createRoute({
  method: 'put',
  path: '/ordering',
  tags,
  security,
  middleware: [requireEmployment('firm.settings')],
  summary: "Opens or closes ordering of the menu's dishes by guests (orders already paid still reach the board)",
  request: { query: firmIdQuerySchema, body: jsonBody(kitchenOrderingInputSchema) },
  responses: { 200: setupResponse, ...problems(400, 401, 403) },
});
const station = createRoute({
  method: 'put',
  path: '/sections/{id}/station',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', sectionFirm)],
  summary: "Sends a menu section's dishes to another station from now on (tickets already sent stay)",
  request: { params: idParam, body: jsonBody(kitchenStationInputSchema) },
  responses: { 200: setupResponse, ...problems(400, 401, 403, 404) },
});
const timers = createRoute({
  method: 'put',
  path: '/timers',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit')],
  summary: "When the board's timers turn amber and red (minutes since a ticket was placed)",
  description: 'Amber from 1 minute, red later than amber and at most 240 minutes (400 `validation_failed` otherwise).',
  request: { query: firmIdQuerySchema, body: jsonBody(kitchenTimersInputSchema) },
  responses: { 200: setupResponse, ...problems(400, 401, 403) },
});
const dishes = createRoute({
  method: 'get',
  path: '/dishes',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: "The dishes of the firm's menus, each available to order or not",
  request: { query: firmIdQuerySchema },
  responses: { 200: json(kitchenDishesSchema, 'The dishes in the order of the menus.', 'KitchenDishes'), ...problems(400, 401, 403) },
});
const dishAvailability = createRoute({
  method: 'put',
  path: '/dishes/{id}/availability',
  tags,
  security,
  middleware: [requireEmployment('sales.handle', dishFirm)],
  summary: 'Takes a dish off the menu ("86") or puts it back, from the kitchen',
  description:
    'The public menu shows it unavailable at once (a `menu` live event to the firm and to open menu pages); the cart and checkout ' +
    'refuse it with 422 `item_unavailable`.',
  request: { params: idParam, body: jsonBody(menuItemAvailabilitySchema) },
  responses: { 200: json(kitchenDishSchema, 'The dish as it is now.', 'KitchenDish'), ...problems(400, 401, 403, 404) },
});

/**
 * `/api/dashboard/kitchen`: the kitchen display, its stations and timers, whether guests may order
 * dishes, and which dishes are off.
 */
export function kitchenRoutes(deps: AppDeps) {
  const kitchen = createKitchenService(deps);
  const kitchenDishes = createKitchenDishes(deps);
  return createRouter()
    .openapi(board, async (c) => {
      const { station: only } = c.req.valid('query');
      return c.json(await kitchen.board(employmentOf(c).firmId, only), 200, PRIVATE_NO_STORE);
    })
    .openapi(advance, async (c) =>
      c.json(
        await kitchen.move(employmentOf(c).firmId, c.req.valid('param').id, c.req.valid('json').from, 'advance'),
        200,
        PRIVATE_NO_STORE,
      ),
    )
    .openapi(recall, async (c) =>
      c.json(
        await kitchen.move(employmentOf(c).firmId, c.req.valid('param').id, c.req.valid('json').from, 'recall'),
        200,
        PRIVATE_NO_STORE,
      ),
    )
    .openapi(setup, async (c) => c.json(await kitchen.setup(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(ordering, async (c) =>
      c.json(await kitchen.setOrdering(employmentOf(c).firmId, c.req.valid('json').takesOrders), 200, PRIVATE_NO_STORE),
    )
    .openapi(station, async (c) =>
      c.json(await kitchen.setStation(employmentOf(c).firmId, c.req.valid('param').id, c.req.valid('json').station), 200, PRIVATE_NO_STORE),
    )
    .openapi(timers, async (c) => c.json(await kitchen.setTimers(employmentOf(c).firmId, c.req.valid('json')), 200, PRIVATE_NO_STORE))
    .openapi(dishes, async (c) => c.json(await kitchenDishes.dishes(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(dishAvailability, async (c) =>
      c.json(
        await kitchenDishes.setAvailable(employmentOf(c).firmId, c.req.valid('param').id, c.req.valid('json').available),
        200,
        PRIVATE_NO_STORE,
      ),
    );
}
