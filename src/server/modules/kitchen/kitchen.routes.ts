import type { AppDeps } from '../../app-deps';
import {
  kitchenBoardQuerySchema,
  kitchenBoardSchema,
  kitchenMoveSchema,
  kitchenSectionsSchema,
  kitchenStationInputSchema,
  kitchenTicketSchema,
} from '../../../shared/kitchen';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, idParam, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireEmployment } from '../../lib/permissions';
import { createKitchenService } from './kitchen.service';

const tags = ['Workspace: kitchen'];
const security = SIGNED_IN;
const ticketFirm = entityFirm('kitchen_tickets', 'id');
const sectionFirm = entityFirm('menu_sections', 'id');
const ticketResponse = json(kitchenTicketSchema, 'The ticket where it stands now.', 'KitchenTicket');
const sectionsResponse = json(kitchenSectionsSchema, "The firm's menu sections with their stations.", 'KitchenSections');

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
const sections = createRoute({
  method: 'get',
  path: '/sections',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: "The firm's menu sections and the station each one's dishes go to",
  request: { query: firmIdQuerySchema },
  responses: { 200: sectionsResponse, ...problems(400, 401, 403) },
});
const station = createRoute({
  method: 'put',
  path: '/sections/{id}/station',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', sectionFirm)],
  summary: "Sends a menu section's dishes to another station from now on (tickets already sent stay)",
  request: { params: idParam, body: jsonBody(kitchenStationInputSchema) },
  responses: { 200: sectionsResponse, ...problems(400, 401, 403, 404) },
});

/** `/api/dashboard/kitchen`: the kitchen display and its stations. */
export function kitchenRoutes(deps: AppDeps) {
  const kitchen = createKitchenService(deps);
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
    .openapi(sections, async (c) => c.json(await kitchen.sections(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(station, async (c) =>
      c.json(await kitchen.setStation(employmentOf(c).firmId, c.req.valid('param').id, c.req.valid('json').station), 200, PRIVATE_NO_STORE),
    );
}
