import { createRouter } from '../lib/openapi';
import type { AppDeps } from '../app-deps';
import type { AuthModule } from '../modules/auth/auth.routes';
import { featureRoutes } from '../modules/features/features.routes';
import { accountRoutes } from '../modules/account/account.routes';

/**
 * `/api/iam`, the spec's auth API: feature flags, sessions, login, signup, password reset, the
 * signed-in user's profile, and the account pages (settings, addresses, email, password, export, deletion). The auth module is built once in app.ts (its user resolver serves
 * every base), so its routes come in ready-made.
 */
export function iamApi(deps: AppDeps, auth: AuthModule) {
  return createRouter()
    .route('/features', featureRoutes(deps))
    .route('/account', accountRoutes(deps, auth.service))
    .route('/', auth.routes);
}
