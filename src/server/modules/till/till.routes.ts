import type { AppDeps } from '../../app-deps';
import { requestLanguage } from '../../../shared/request-language';
import { tillCatalogueSchema, tillSaleInputSchema, tillSaleSchema, tillSettingsInputSchema } from '../../../shared/till';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment } from '../../lib/permissions';
import { createTillService } from './till.service';

const tags = ['Workspace: till'];
const security = SIGNED_IN;
const catalogueResponse = json(
  tillCatalogueSchema,
  "The till's grid: the firm's dishes by section and its products, and its rules.",
  'TillCatalogue',
);

const catalogue = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: 'What the till sells (dishes by menu section, products by variant) and the rules of the person at it',
  request: { query: firmIdQuerySchema },
  responses: { 200: catalogueResponse, ...problems(400, 401, 403) },
});
const sell = createRoute({
  method: 'post',
  path: '/sales',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: 'Records a cash sale made at the till, online or sent later from its offline queue',
  description:
    'A paid order of kind `till`. The same `saleKey` again answers the sale as it was taken (200), never a second one. ' +
    'Online the sale is refused where a checkout would be: item_unavailable (422), price_changed (409), out_of_stock (409), ' +
    'discount_over_limit (403, staff above the limit). An offline sale (`offline: true`) is taken whatever changed and ' +
    'carries flags for the owner instead. not_enough_cash (422) and till_item_unknown (422) refuse both.',
  request: { query: firmIdQuerySchema, body: jsonBody(tillSaleInputSchema) },
  responses: {
    201: json(tillSaleSchema, 'The sale, as taken now.', 'TillSale'),
    200: json(tillSaleSchema, 'This sale key was taken before: the sale as it was.', 'TillSale'),
    ...problems(400, 401, 403, 409, 422),
  },
});
const settings = createRoute({
  method: 'put',
  path: '/settings',
  tags,
  security,
  middleware: [requireEmployment('till.manage')],
  summary: "Lets the firm's tills keep selling for cash while offline, or stops them",
  request: { query: firmIdQuerySchema, body: jsonBody(tillSettingsInputSchema) },
  responses: { 200: catalogueResponse, ...problems(400, 401, 403) },
});

/** `/api/dashboard/till`: the till's grid, its sales and its offline rule. */
export function tillRoutes(deps: AppDeps) {
  const till = createTillService(deps, { capacityGuard: !deps.unsafeWithoutCapacityGuard });
  return createRouter()
    .openapi(catalogue, async (c) => c.json(await till.catalogue(employmentOf(c)), 200, PRIVATE_NO_STORE))
    .openapi(sell, async (c) => {
      const sale = await till.sell(employmentOf(c), c.req.valid('json'), requestLanguage(c.req.raw));
      return c.json(sale, sale.created ? 201 : 200, PRIVATE_NO_STORE);
    })
    .openapi(settings, async (c) =>
      c.json(await till.setOfflineAllowed(employmentOf(c), c.req.valid('json').offlineAllowed), 200, PRIVATE_NO_STORE),
    );
}
