import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv, RequestUser } from '../../app-env';
import { createRouter, type Router } from '../../lib/openapi';
import { createAuthCookies } from './auth-cookies';
import { createAuthGuards } from './auth-guards';
import { createKnownDevices } from './known-devices';
import { createAuthService, type AuthService } from './auth.service';
import { emailRoutes } from './email.routes';
import { googleRoutes } from './google.routes';
import { profileRoutes } from './profile.routes';
import { sessionRoutes } from './session.routes';

export interface AuthModule {
  /** the routes of `/api/iam` (src/server/api/iam.ts) */
  routes: Router;
  /** for `authContext`: the user of the access-token cookie, if its login is open */
  resolveUser(c: Context<AppEnv>): Promise<RequestUser | null>;
  /** for HTML pages: puts back the session hint of a browser that has a refresh cookie but no hint */
  restoreSessionHint: MiddlewareHandler<AppEnv>;
  service: AuthService;
}

/**
 * The auth module, built once per app: its service, cookies (auth-cookies.ts) and rate limits
 * (auth-guards.ts), and its route groups: sessions, email login/signup/reset, Google, profile.
 */
export function createAuthModule(deps: AppDeps): AuthModule {
  const { env } = deps;
  const service = createAuthService(deps);
  const cookies = createAuthCookies(env);
  const guards = createAuthGuards(deps);
  const devices = createKnownDevices(env, deps.secrets.refreshKey);
  const flags = deps.features;

  async function resolveUser(c: Context<AppEnv>): Promise<RequestUser | null> {
    const claims = await service.resolveAccess(cookies.accessToken(c));
    if (!claims) return null;
    c.set('authSessionId', claims.sessionId);
    return { id: claims.userId };
  }

  const routes = createRouter()
    .route('/', sessionRoutes({ service, cookies }))
    .route('/', emailRoutes({ service, cookies, devices, guards, flags, background: deps.background }))
    .route('/', googleRoutes({ env, service, cookies, guards, flags }))
    .route('/', profileRoutes({ deps, service }));

  return { routes, resolveUser, restoreSessionHint: cookies.restoreSessionHint, service };
}
