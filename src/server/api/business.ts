import { createRouter } from '../lib/openapi';
import type { AppDeps } from '../app-deps';
import { workspaceGuard } from '../lib/permissions';
import { employmentRoutes, invitationRoutes } from '../modules/team/employments.routes';
import { businessFirmRoutes } from '../modules/workspace-firms/business-firms.routes';

/**
 * `/api/business`, the spec's dashboard server API: the signed-in user's employments and
 * invitations, creating a firm. Every route declares `requireEmployment(permission)` or
 * `requireAccount` (src/server/lib/permissions.ts) and has its rows in the authorization matrix
 * test (api/authorization-matrix.test.ts); mount a module with one `.route(...)` line here.
 */
export function businessApi(deps: AppDeps) {
  const router = createRouter();
  router.use('*', workspaceGuard(deps));
  return router
    .route('/employments', employmentRoutes(deps))
    .route('/invitations', invitationRoutes(deps))
    .route('/firms', businessFirmRoutes(deps));
}
