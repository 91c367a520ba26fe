import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { featureFlags } from '../../lib/feature-flags';

/** `GET /api/iam/features`: the application feature flags, switched off by FEATURES_OFF. */
export function featureRoutes({ env }: AppDeps) {
  const { flags } = featureFlags(env);
  return new Hono<AppEnv>().get('/', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(flags);
  });
}
