import { createRouter } from '../lib/openapi';
import type { AppDeps } from '../app-deps';

/**
 * `/api/dashboard`, the spec's dashboard API: a firm owner's reads and writes (firm, events,
 * blog, menus, products). Empty until the workspace lands: mount each module with one
 * `.route(...)` line here, behind the one permission middleware (ARCHITECTURE section 4).
 */
export function dashboardApi(_deps: AppDeps) {
  return createRouter();
}
