import type { AppDeps } from '../../app-deps';
import { featureFlagsSchema } from '../../../shared/iam-answers';
import { createRoute, createRouter, json, problems } from '../../lib/openapi';

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['Auth'],
  summary: 'The application feature flags',
  responses: {
    200: json(featureFlagsSchema, 'Every flag: FEATURES_OFF at start, then the switches admins set.', 'FeatureFlags'),
    ...problems(),
  },
});

/** `GET /api/iam/features`: the application feature flags as they stand now (open tabs poll it). */
export function featureRoutes({ features }: AppDeps) {
  return createRouter().openapi(list, async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(await features.current(), 200);
  });
}
