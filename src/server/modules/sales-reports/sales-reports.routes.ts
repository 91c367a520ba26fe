import type { AppDeps } from '../../app-deps';
import { requestLanguage } from '../../../shared/request-language';
import { salesCsvQuerySchema, salesReportQuerySchema, salesReportSchema } from '../../../shared/sales-reports';
import { csvStream } from '../../lib/csv';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, media, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment } from '../../lib/permissions';
import { orderCsvLine, ordersCsvHeader, seriesCsv } from './sales-csv';
import { createSalesReportService, type Scope } from './sales-reports.service';

const tags = ['Workspace: sales reports'];
const security = SIGNED_IN;

const report = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('reports.view')],
  summary: "The firm's sales over a period of its own days: gross, refunds, net, orders, tickets, a series, best sellers, channels",
  description:
    '`period`: `today`, `7d`, `30d` (the default), `month` (this month so far) or `custom` with `from` and `to` (days on the ' +
    "firm's calendar, both included, at most two years). Money in minor units of the firm's currency. Needs a plan with REPORTS " +
    '(403 `plan_limit` names the plan that has it).',
  request: { query: salesReportQuerySchema },
  responses: { 200: json(salesReportSchema, 'The report.', 'SalesReport'), ...problems(400, 401, 403) },
});

const csv = createRoute({
  method: 'get',
  path: '/csv',
  tags,
  security,
  middleware: [requireEmployment('reports.view')],
  summary: 'The report as a CSV download: its series (`rows=series`) or every order paid in the period (`rows=orders`, streamed)',
  request: { query: salesCsvQuerySchema },
  responses: { 200: media('text/csv', 'UTF-8 CSV with a header row in the reader’s language.', 'text'), ...problems(400, 401, 403) },
});

const attachment = (name: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${name}"`,
  ...PRIVATE_NO_STORE,
});

/** `/api/dashboard/sales-reports`: what the firm sold, for its owners and managers. */
export function salesReportRoutes(deps: AppDeps) {
  const reports = createSalesReportService(deps);

  /** Each page of orders as CSV lines, as it is read. */
  async function* orderLines(scope: Scope, zone: string): AsyncGenerator<string> {
    for await (const page of reports.orderPages(scope)) yield page.map((order) => orderCsvLine(order, zone)).join('');
  }

  return createRouter()
    .openapi(report, async (c) => c.json(await reports.report(employmentOf(c).firmId, c.req.valid('query')), 200, PRIVATE_NO_STORE))
    .openapi(csv, async (c) => {
      const query = c.req.valid('query');
      const language = requestLanguage(c.req.raw);
      const { firmId } = employmentOf(c);
      const scoped = await reports.scopeOf(firmId, query);
      const { scope, timezone, username } = scoped;
      if (query.rows === 'series') {
        const data = await reports.reportIn(scoped, query.period);
        return c.body(seriesCsv(data, language), 200, attachment(`souk-sales-${username}-${data.from}-${data.to}.csv`));
      }
      const name = `souk-orders-${username}-${scope.window.from}-${scope.window.to}.csv`;
      return c.body(csvStream(ordersCsvHeader(language), orderLines(scope, timezone)), 200, attachment(name));
    });
}
