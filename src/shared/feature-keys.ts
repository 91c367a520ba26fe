import type { FeatureFlag } from './feature-flags';

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
