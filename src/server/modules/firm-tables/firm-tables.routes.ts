import type { AppDeps } from '../../app-deps';
import {
  counterPaymentInputSchema,
  firmTableInputSchema,
  firmTableSchema,
  firmTablesPageSchema,
  tableTokenParamSchema,
  tableVisitSchema,
} from '../../../shared/firm-tables';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE, PUBLIC_CACHE } from '../../lib/http-cache';
import { createRoute, createRouter, idParam, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireEmployment } from '../../lib/permissions';
import { createFirmTableService } from './firm-tables.service';

const tags = ['Workspace: tables'];
const security = SIGNED_IN;
const tableFirm = entityFirm('firm_tables', 'id');

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary:
    "The firm's tables and counter spots, with the tokens their printed codes carry, and whether their guests may pay at the counter",
  request: { query: firmIdQuerySchema },
  responses: { 200: json(firmTablesPageSchema, 'The tables.', 'FirmTablesPage'), ...problems(400, 401, 403) },
});
const counterPayment = createRoute({
  method: 'put',
  path: '/counter-payment',
  tags,
  security,
  middleware: [requireEmployment('firm.edit')],
  summary: 'Lets guests ordering dishes from a table pay at the counter, or stops it (orders placed already stay as they are)',
  request: { query: firmIdQuerySchema, body: jsonBody(counterPaymentInputSchema) },
  responses: { 200: json(firmTablesPageSchema, 'The tables.', 'FirmTablesPage'), ...problems(400, 401, 403) },
});
const create = createRoute({
  method: 'post',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('firm.edit')],
  summary: 'Adds a table or counter spot with a new random token',
  request: { query: firmIdQuerySchema, body: jsonBody(firmTableInputSchema) },
  responses: { 201: json(firmTableSchema, 'The table.', 'FirmTable'), ...problems(400, 401, 403, 409) },
});
const remove = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('firm.edit', tableFirm)],
  summary: 'Removes a table; its printed code stops working',
  request: { params: idParam },
  responses: { 204: { description: 'Removed.' }, ...problems(401, 403, 404) },
});

/** `/api/dashboard/tables`: the tables the team prints codes for. */
export function firmTableRoutes(deps: AppDeps) {
  const tables = createFirmTableService(deps.db, deps.clock);
  return createRouter()
    .openapi(list, async (c) => c.json(await tables.list(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(counterPayment, async (c) =>
      c.json(await tables.setCounterPayment(employmentOf(c).firmId, c.req.valid('json').allowed), 200, PRIVATE_NO_STORE),
    )
    .openapi(create, async (c) => c.json(await tables.create(employmentOf(c).firmId, c.req.valid('json')), 201, PRIVATE_NO_STORE))
    .openapi(remove, async (c) => {
      await tables.remove(employmentOf(c).firmId, c.req.valid('param').id);
      return c.body(null, 204);
    });
}

const visit = createRoute({
  method: 'get',
  path: '/{token}',
  tags: ['Tables'],
  summary: 'The table a printed code names, with its firm',
  request: { params: tableTokenParamSchema },
  responses: { 200: json(tableVisitSchema, 'The table and its firm.', 'TableVisit'), ...problems(400, 404) },
});

/** `/api/public/tables/{token}`: what scanning a table's code opens. */
export function tableVisitRoutes(deps: AppDeps) {
  const tables = createFirmTableService(deps.db, deps.clock);
  return createRouter().openapi(visit, async (c) => c.json(await tables.visit(c.req.valid('param').token), 200, PUBLIC_CACHE));
}
