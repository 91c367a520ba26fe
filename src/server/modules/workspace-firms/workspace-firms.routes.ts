import type { AppDeps } from '../../app-deps';
import { dashFirmSchema, firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment } from '../../lib/permissions';
import { createWorkspaceFirmService } from './workspace-firms.service';

const tags = ['Workspace: firm'];
const security = SIGNED_IN;

const dashFirm = createRoute({
  method: 'get',
  path: '/dash-firm',
  tags,
  security,
  middleware: [requireEmployment('firm.view')],
  summary: 'Firm dashboard data: the firm, my employment, the plan with its usage',
  request: { query: firmIdQuerySchema },
  responses: { 200: json(dashFirmSchema, 'The firm as its team sees it.', 'DashFirm'), ...problems(400, 401, 403) },
});

/** `/api/dashboard/firms`: the selected firm as its team reads and edits it. */
export function workspaceFirmRoutes({ db, clock }: AppDeps) {
  const firms = createWorkspaceFirmService(db, clock);
  return createRouter().openapi(dashFirm, async (c) => c.json(await firms.dashFirm(employmentOf(c)), 200, PRIVATE_NO_STORE));
}
