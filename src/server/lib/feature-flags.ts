import type { MiddlewareHandler } from 'hono';
import { buildFeatureFlags, isFeatureEnabled, type FeatureFlag, type FeatureKey } from '../../shared/feature-flags';
import type { Env } from './env';
import { HttpError } from './errors';

export interface FeatureFlags {
  flags: FeatureFlag[];
  isEnabled(key: FeatureKey): boolean;
  /** 503 `feature_off` unless every one of `keys` is switched on (CREATE_* gates of the workspace too). */
  requireFeature(...keys: FeatureKey[]): MiddlewareHandler;
}

/** The flags of this server (FEATURES_OFF) and the middleware that gates a route on them. */
export function featureFlags(env: Pick<Env, 'FEATURES_OFF'>): FeatureFlags {
  const flags = buildFeatureFlags(env.FEATURES_OFF);
  const isEnabled = (key: FeatureKey) => isFeatureEnabled(flags, key);
  return {
    flags,
    isEnabled,
    requireFeature:
      (...keys) =>
      async (_c, next) => {
        for (const key of keys) {
          if (!isEnabled(key)) {
            const detail = key.startsWith('LOGIN') ? 'Login is not available at the moment.' : `${key} is not available at the moment.`;
            throw new HttpError(503, detail, 'feature_off');
          }
        }
        await next();
      },
  };
}
