import { createRouter } from '../lib/openapi';
import type { AppDeps } from '../app-deps';

/**
 * `/api/business`, the spec's dashboard server API: employments, team, plans. Empty until the
 * workspace lands: mount each module with one `.route(...)` line here, behind the one permission
 * middleware (ARCHITECTURE section 4).
 */
export function businessApi(_deps: AppDeps) {
  return createRouter();
}
