import type { FEATURE_KEYS } from './feature-keys';

/**
 * What every client reads of the application's switches. The list of their names is in feature-keys.ts, apart: the
 * entry reads flags by name and does not need the whole list (only the server and the admin area do).
 */
export type FeatureKey = (typeof FEATURE_KEYS)[number];

export interface FeatureFlag {
  key: string;
  enabled: boolean;
}

/** A flag that is missing from the list counts as disabled. */
export function isFeatureEnabled(flags: readonly FeatureFlag[], key: string): boolean {
  return flags.some((flag) => flag.key === key && flag.enabled);
}
