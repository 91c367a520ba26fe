import type { AppDeps } from '../../app-deps';
import {
  customerDetailSchema,
  customerFilterSchema,
  customerKeyParamsSchema,
  customerNotesInputSchema,
  customerPageSchema,
  customerQuerySchema,
  customerSchema,
  customerTagListSchema,
} from '../../../shared/customers';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { requestLanguage } from '../../../shared/request-language';
import { csvStream } from '../../lib/csv';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, jsonBody, media, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment } from '../../lib/permissions';
import { customerCsvLine, customersCsvHeader } from './customers-csv';
import { createCustomerService } from './customers.service';

const tags = ['Workspace: customers'];
const security = SIGNED_IN;
const filters =
  '`q` finds a part of the name, the flip or the email; `bought`, `booked`, `follower`, `consents` (`true`/`false`) and `tag` narrow the list.';

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('audience.view')],
  summary: "The firm's customers, the latest visit first: who bought, booked, followed or wrote, with their totals",
  description:
    `${filters} Keyset pages: the next page is asked for with the \`nextCursor\` of this one as \`cursor\` (the same filters); ` +
    'a cursor this list did not give answers 400.',
  request: { query: customerQuerySchema },
  responses: { 200: json(customerPageSchema, 'A page of customers.', 'CustomerPage'), ...problems(400, 401, 403) },
});
const csv = createRoute({
  method: 'get',
  path: '/csv',
  tags,
  security,
  middleware: [requireEmployment('audience.view')],
  summary: 'The filtered customer list as a CSV download (streamed)',
  description: filters,
  request: { query: customerFilterSchema },
  responses: { 200: media('text/csv', 'UTF-8 CSV with a header row in the reader’s language.', 'text'), ...problems(400, 401, 403) },
});
const tagList = createRoute({
  method: 'get',
  path: '/tags',
  tags,
  security,
  middleware: [requireEmployment('audience.view')],
  summary: 'The tags the team gave its customers',
  request: { query: firmIdQuerySchema },
  responses: { 200: json(customerTagListSchema, 'The tags, in order.', 'CustomerTagList'), ...problems(400, 401, 403) },
});
const detail = createRoute({
  method: 'get',
  path: '/{key}',
  tags,
  security,
  middleware: [requireEmployment('audience.view')],
  summary: 'One customer with their orders (and tickets) and bookings, the latest first',
  request: { query: firmIdQuerySchema, params: customerKeyParamsSchema },
  responses: { 200: json(customerDetailSchema, 'The customer.', 'CustomerDetail'), ...problems(400, 401, 403, 404) },
});
const notes = createRoute({
  method: 'put',
  path: '/{key}/notes',
  tags,
  security,
  middleware: [requireEmployment('audience.manage')],
  summary: "Replaces the team's notes and tags about a customer",
  request: { query: firmIdQuerySchema, params: customerKeyParamsSchema, body: jsonBody(customerNotesInputSchema) },
  responses: { 200: json(customerSchema, 'The customer.', 'Customer'), ...problems(400, 401, 403, 404) },
});

/** `/api/dashboard/customers`: who the firm's customers are, for its owners and managers. */
export function customerRoutes({ db, clock }: AppDeps) {
  const customers = createCustomerService(db, clock);

  return createRouter()
    .openapi(list, async (c) => c.json(await customers.list(c.req.valid('query')), 200, PRIVATE_NO_STORE))
    .openapi(csv, async (c) => {
      const language = requestLanguage(c.req.raw);
      const pages = customers.pages(c.req.valid('query'));
      async function* lines() {
        for await (const page of pages) yield page.map((customer) => customerCsvLine(customer, language)).join('');
      }
      return c.body(csvStream(customersCsvHeader(language), lines()), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="souk-customers.csv"',
        ...PRIVATE_NO_STORE,
      });
    })
    .openapi(tagList, async (c) => c.json({ tags: await customers.tags(employmentOf(c).firmId) }, 200, PRIVATE_NO_STORE))
    .openapi(detail, async (c) => c.json(await customers.detail(employmentOf(c).firmId, c.req.valid('param').key), 200, PRIVATE_NO_STORE))
    .openapi(notes, async (c) => {
      const employment = employmentOf(c);
      const saved = await customers.saveNotes(employment.firmId, c.req.valid('param').key, employment.userId, c.req.valid('json'));
      return c.json(saved, 200, PRIVATE_NO_STORE);
    });
}
