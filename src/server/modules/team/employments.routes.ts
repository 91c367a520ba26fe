import type { AppDeps } from '../../app-deps';
import { employmentListSchema } from '../../../shared/workspace';
import { userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { requireAccount } from '../../lib/permissions';
import { createTeamService } from './team.service';

const tags = ['Workspace: team'];
const security = SIGNED_IN;

const withFirms = createRoute({
  method: 'get',
  path: '/with-firms',
  tags,
  security,
  middleware: [requireAccount],
  summary: "The signed-in user's active employments with their firms, sorted by firm name",
  responses: { 200: json(employmentListSchema, 'One entry per active employment.', 'EmploymentList'), ...problems(401) },
});

/** `/api/business/employments`: the signed-in user's jobs (the business list). */
export function employmentRoutes({ db }: AppDeps) {
  const team = createTeamService(db);
  return createRouter().openapi(withFirms, async (c) => c.json(await team.employmentsOf((await userOf(c)).id), 200, PRIVATE_NO_STORE));
}
