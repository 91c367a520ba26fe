import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { isFeatureEnabled, type FeatureFlag, type FeatureKey } from '../../shared/feature-flags';
import { buildFeatureFlags } from '../../shared/feature-keys';
import type { Database } from '../db/schema';
import type { Env } from './env';
import { HttpError } from './errors';

/**
 * How long a process trusts the switches it read. Every process reads the table itself, so an
 * admin's switch reaches all of them within this time on either database, bus or none; the bus's
 * invalidation (every write, every process) usually empties it sooner.
 */
export const FEATURE_SWITCH_TTL_MS = 2000;

export interface FeatureFlags {
  /** every flag: FEATURES_OFF at start, overridden by the switches admins set since */
  current(): Promise<FeatureFlag[]>;
  isEnabled(key: FeatureKey): Promise<boolean>;
  /** 503 `feature_off` unless every one of `keys` is switched on (CREATE_* gates of the workspace too). */
  requireFeature(...keys: FeatureKey[]): MiddlewareHandler;
  /** forget what was read: the next request reads the switches again */
  forget(): void;
}

/** The flags of this deployment: FEATURES_OFF as the start value, the feature_switches table over it. */
export function featureFlags(db: Kysely<Database>, env: Pick<Env, 'FEATURES_OFF'>, now: () => number = Date.now): FeatureFlags {
  const start = buildFeatureFlags(env.FEATURES_OFF);
  let cached: { flags: FeatureFlag[]; readAt: number } | undefined;

  const current = async (): Promise<FeatureFlag[]> => {
    if (cached && now() - cached.readAt < FEATURE_SWITCH_TTL_MS) return cached.flags;
    const readAt = now();
    const rows = await db.selectFrom('feature_switches').select(['key', 'enabled']).execute();
    const switched = new Map(rows.map((row) => [row.key, row.enabled === 1]));
    const flags = start.map((flag) => ({ key: flag.key, enabled: switched.get(flag.key) ?? flag.enabled }));
    cached = { flags, readAt };
    return flags;
  };
  const isEnabled = async (key: FeatureKey) => isFeatureEnabled(await current(), key);
  return {
    current,
    isEnabled,
    forget: () => {
      cached = undefined;
    },
    requireFeature:
      (...keys) =>
      async (_c, next) => {
        for (const key of keys) {
          if (!(await isEnabled(key))) {
            const detail = key.startsWith('LOGIN') ? 'Login is not available at the moment.' : `${key} is not available at the moment.`;
            throw new HttpError(503, detail, 'feature_off');
          }
        }
        await next();
      },
  };
}
