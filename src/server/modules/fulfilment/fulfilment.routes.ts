import type { AppDeps } from '../../app-deps';
import { fulfilmentSettingsAnswerSchema, fulfilmentSettingsSchema } from '../../../shared/fulfilment';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment } from '../../lib/permissions';
import { createFulfilmentService } from './fulfilment.service';

const tags = ['Workspace: shop and inventory'];
const security = SIGNED_IN;
const answer = json(fulfilmentSettingsAnswerSchema, 'The pickup and delivery settings.', 'FulfilmentSettingsAnswer');

const read = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('firm.edit')],
  summary: 'How the shop hands over orders: pickup (address, hours, preparation time) and local delivery (zone, fee, minimum)',
  request: { query: firmIdQuerySchema },
  responses: { 200: answer, ...problems(400, 401, 403) },
});
const write = createRoute({
  method: 'put',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('firm.edit')],
  summary: 'Sets pickup and local delivery; orders already placed keep what they were placed with',
  description: 'A delivery switched on needs a zone description or postcodes (400 `validation_failed` otherwise).',
  request: { query: firmIdQuerySchema, body: jsonBody(fulfilmentSettingsSchema) },
  responses: { 200: answer, ...problems(400, 401, 403) },
});

/** `/api/dashboard/fulfilment`: the shop's pickup and delivery, set by owners and managers. */
export function fulfilmentRoutes({ db, clock }: AppDeps) {
  const fulfilment = createFulfilmentService(db, clock);
  return createRouter()
    .openapi(read, async (c) => c.json(await fulfilment.settings(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(write, async (c) => c.json(await fulfilment.save(employmentOf(c).firmId, c.req.valid('json')), 200, PRIVATE_NO_STORE));
}
