import type { AppDeps } from '../../app-deps';
import { featureFlagsSchema } from '../../../shared/iam-answers';
import { featureFlags } from '../../lib/feature-flags';
import { createRoute, createRouter, json, problems } from '../../lib/openapi';

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['Auth'],
  summary: 'The application feature flags',
  responses: { 200: json(featureFlagsSchema, 'Every flag; FEATURES_OFF switches flags off.', 'FeatureFlags'), ...problems() },
});

/** `GET /api/iam/features`: the application feature flags, switched off by FEATURES_OFF. */
export function featureRoutes({ env }: AppDeps) {
  const { flags } = featureFlags(env);
  return createRouter().openapi(list, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(flags, 200);
  });
}
