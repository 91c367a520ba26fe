import { Hono } from 'hono';
import { buildFeatureFlags } from '../../../shared/feature-flags';
import type { AppDeps } from '../../app-deps';

/** `GET /api/iam/features`: the application feature flags, switched off by FEATURES_OFF. */
export function featureRoutes({ env }: AppDeps) {
  const flags = buildFeatureFlags(env.FEATURES_OFF);
  return new Hono().get('/', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(flags);
  });
}
