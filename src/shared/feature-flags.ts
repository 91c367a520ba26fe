/** Application feature flags: the action names. */
export const FEATURE_KEYS = [
  'LOGIN',
  'LOGIN_PASSWORD',
  'LOGIN_PHONE',
  'LOGIN_APPLE',
  'LOGIN_GOOGLE',
  'ISSUE_NEW_ACCESS_TOKEN',
  'SIGNUP',
  'SIGNUP_PASSWORD',
  'SIGNUP_PHONE',
  'PASSWORD_RESET',
  'CREATE_FIRM',
  'CREATE_BLOG',
  'CREATE_EVENT',
  'CREATE_PRODUCT',
  'CREATE_MENU',
  'CREATE_MENU_ITEM',
  // the page-view beacon: off, views are answered and not counted (relief under load, the bench's comparison)
  'PAGE_VIEWS',
] as const;

export type FeatureKey = (typeof FEATURE_KEYS)[number];

export interface FeatureFlag {
  key: string;
  enabled: boolean;
}

/** Parses `FEATURES_OFF=SIGNUP,CREATE_FIRM` into the flag list every client reads. */
export function buildFeatureFlags(featuresOff: string | undefined): FeatureFlag[] {
  const off = new Set(
    (featuresOff ?? '')
      .split(',')
      .map((key) => key.trim().toUpperCase())
      .filter(Boolean),
  );
  return FEATURE_KEYS.map((key) => ({ key, enabled: !off.has(key) }));
}

/** A flag that is missing from the list counts as disabled. */
export function isFeatureEnabled(flags: readonly FeatureFlag[], key: string): boolean {
  return flags.some((flag) => flag.key === key && flag.enabled);
}
