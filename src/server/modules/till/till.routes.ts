import type { AppDeps } from '../../app-deps';
import { requestLanguage } from '../../../shared/request-language';
import { promoTermsSchema } from '../../../shared/promotions';
import {
  tillCatalogueSchema,
  tillPromoInputSchema,
  tillReceiptInputSchema,
  tillSaleInputSchema,
  tillSaleReferenceParamSchema,
  tillSaleSchema,
  tillSettingsInputSchema,
  TILL_RECEIPTS_PER_SALE,
} from '../../../shared/till';
import {
  tillCashMoveInputSchema,
  tillShiftCloseInputSchema,
  tillShiftIdParamSchema,
  tillShiftOpenInputSchema,
  tillShiftReportSchema,
  tillShiftSchema,
  tillShiftStateSchema,
} from '../../../shared/till-shifts';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment } from '../../lib/permissions';
import { createTillReceipts } from './till-receipts';
import { createTillShifts } from './till-shifts';
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
  summary: 'Records a sale made at the till: cash, card or both, online, or for cash sent later from its offline queue',
  description:
    'An order of kind `till`, paid at once for cash. With a card part (`cardMinor`) it waits for the card, taken on the ' +
    "payment provider's step at `cardStepUrl`; card_offline (422) refuses one made offline, card_over_total (422) one above the total, " +
    'card_unavailable (503) one the provider cannot take now. The same `saleKey` again answers the sale as it was taken (200), never a second one. ' +
    'Online the sale is refused where a checkout would be: item_unavailable (422), price_changed (409), out_of_stock (409), ' +
    'discount_over_limit (403, staff above the limit). An offline sale (`offline: true`) is taken whatever changed and ' +
    'carries flags for the owner instead. not_enough_cash (422) and till_item_unknown (422) refuse both.',
  request: { query: firmIdQuerySchema, body: jsonBody(tillSaleInputSchema) },
  responses: {
    201: json(tillSaleSchema, 'The sale, as taken now.', 'TillSale'),
    200: json(tillSaleSchema, 'This sale key was taken before: the sale as it was.', 'TillSale'),
    ...problems(400, 401, 403, 409, 422, 503),
  },
});
const receipt = createRoute({
  method: 'post',
  path: '/sales/{reference}/receipt',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: "Mails a counter sale's receipt to the customer's address",
  description:
    "In the firm's page language and time zone, sent by the durable mail queue. A sale's receipt is mailed at most " +
    `${TILL_RECEIPTS_PER_SALE} times an hour (429 after). 404: no till sale of this firm has that reference.`,
  request: { query: firmIdQuerySchema, params: tillSaleReferenceParamSchema, body: jsonBody(tillReceiptInputSchema) },
  responses: { 204: { description: 'The receipt is on its way.' }, ...problems(400, 401, 403, 404, 429) },
});
const confirmCard = createRoute({
  method: 'post',
  path: '/sales/{reference}/card',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: 'The till is back from the card step: the sale as the payment provider now has it',
  description:
    'Asks the provider where the card part stands (its webhook settles the sale too, whichever comes first, once): ' +
    '`paid` once the card is taken, `awaiting_card` while it is not, `cancelled` when the card step was given up ' +
    '(its stock goes back). 404: no till sale of this firm has that reference.',
  request: { query: firmIdQuerySchema, params: tillSaleReferenceParamSchema },
  responses: { 200: json(tillSaleSchema, 'The sale.', 'TillSale'), ...problems(400, 401, 403, 404) },
});
const promo = createRoute({
  method: 'post',
  path: '/promo',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: "Checks a customer's promo code before the sale is charged: what it takes off, and on what",
  description:
    "The checkout's refusals, worded in the till's language (promo_unknown, promo_not_started, promo_expired, " +
    'promo_exhausted), and promo_once_per_customer (422) for a code of one use per customer, which the till cannot hold ' +
    'to. The sale itself prices the code again and takes its use.',
  request: { query: firmIdQuerySchema, body: jsonBody(tillPromoInputSchema) },
  responses: { 200: json(promoTermsSchema, 'The code and what it does.', 'PromoTerms'), ...problems(400, 401, 403, 409, 422) },
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

const shiftResponse = json(tillShiftSchema, 'The shift: its float, who opened it, the cash moved in and out.', 'TillShift');
const currentShift = createRoute({
  method: 'get',
  path: '/shifts/current',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: "The firm's open shift at the till, or none",
  request: { query: firmIdQuerySchema },
  responses: { 200: json(tillShiftStateSchema, 'The open shift, or null.', 'TillShiftState'), ...problems(400, 401, 403) },
});
const openShift = createRoute({
  method: 'post',
  path: '/shifts',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: 'Opens a shift with the float in the drawer',
  description: 'One open shift per firm, shared by its tills: another is refused with till_shift_open (409) until it is closed.',
  request: { query: firmIdQuerySchema, body: jsonBody(tillShiftOpenInputSchema) },
  responses: { 201: shiftResponse, ...problems(400, 401, 403, 409) },
});
const moveCash = createRoute({
  method: 'post',
  path: '/shifts/{shiftId}/moves',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: 'Puts cash into the drawer or takes it out, with the reason',
  description: 'Refused with till_shift_closed (409) once the shift is closed.',
  request: { query: firmIdQuerySchema, params: tillShiftIdParamSchema, body: jsonBody(tillCashMoveInputSchema) },
  responses: { 201: shiftResponse, ...problems(400, 401, 403, 404, 409) },
});
const closeShift = createRoute({
  method: 'post',
  path: '/shifts/{shiftId}/close',
  tags,
  security,
  middleware: [requireEmployment('sales.handle')],
  summary: 'Closes the shift with the cash counted in the drawer',
  description: 'Closed once: a second close (another till at the same moment) is refused with till_shift_closed (409).',
  request: { query: firmIdQuerySchema, params: tillShiftIdParamSchema, body: jsonBody(tillShiftCloseInputSchema) },
  responses: { 200: shiftResponse, ...problems(400, 401, 403, 404, 409) },
});
const shiftReport = createRoute({
  method: 'get',
  path: '/shifts/{shiftId}/report',
  tags,
  security,
  middleware: [requireEmployment('till.manage')],
  summary: "The shift's cash expected against the cash counted, and its sales, discounts and refunds by person",
  request: { query: firmIdQuerySchema, params: tillShiftIdParamSchema },
  responses: { 200: json(tillShiftReportSchema, "The shift's report.", 'TillShiftReport'), ...problems(400, 401, 403, 404) },
});

/** `/api/dashboard/till`: the till's grid, its sales, its offline rule and its shifts. */
export function tillRoutes(deps: AppDeps) {
  const till = createTillService(deps, { capacityGuard: !deps.unsafeWithoutCapacityGuard });
  const shifts = createTillShifts(deps.db, () => deps.clock().toISOString());
  const receipts = createTillReceipts(deps);
  return createRouter()
    .openapi(catalogue, async (c) => c.json(await till.catalogue(employmentOf(c)), 200, PRIVATE_NO_STORE))
    .openapi(sell, async (c) => {
      const sale = await till.sell(employmentOf(c), c.req.valid('json'), requestLanguage(c.req.raw));
      return c.json(sale, sale.created ? 201 : 200, PRIVATE_NO_STORE);
    })
    .openapi(confirmCard, async (c) =>
      c.json(await till.confirmCard(employmentOf(c), c.req.valid('param').reference), 200, PRIVATE_NO_STORE),
    )
    .openapi(receipt, async (c) => {
      await receipts.mailReceipt(employmentOf(c), c.req.valid('param').reference, c.req.valid('json').email);
      return c.body(null, 204);
    })
    .openapi(promo, async (c) =>
      c.json(await till.checkPromo(employmentOf(c), c.req.valid('json').code, requestLanguage(c.req.raw)), 200, PRIVATE_NO_STORE),
    )
    .openapi(settings, async (c) =>
      c.json(await till.setOfflineAllowed(employmentOf(c), c.req.valid('json').offlineAllowed), 200, PRIVATE_NO_STORE),
    )
    .openapi(currentShift, async (c) => c.json(await shifts.current(employmentOf(c)), 200, PRIVATE_NO_STORE))
    .openapi(openShift, async (c) => c.json(await shifts.open(employmentOf(c), c.req.valid('json').floatMinor), 201, PRIVATE_NO_STORE))
    .openapi(moveCash, async (c) =>
      c.json(await shifts.move(employmentOf(c), c.req.valid('param').shiftId, c.req.valid('json')), 201, PRIVATE_NO_STORE),
    )
    .openapi(closeShift, async (c) =>
      c.json(await shifts.close(employmentOf(c), c.req.valid('param').shiftId, c.req.valid('json').countedMinor), 200, PRIVATE_NO_STORE),
    )
    .openapi(shiftReport, async (c) => c.json(await shifts.report(employmentOf(c), c.req.valid('param').shiftId), 200, PRIVATE_NO_STORE));
}
