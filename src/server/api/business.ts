import { Hono } from 'hono';
import type { AppDeps } from '../app-deps';
import type { AppEnv } from '../app-env';

/**
 * `/api/business`, the spec's dashboard server API: employments, team, plans. Empty until the
 * workspace lands: mount each module with one `.route(...)` line here, behind the one permission
 * middleware (ARCHITECTURE section 4).
 */
export function businessApi(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
