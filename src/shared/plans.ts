/**
 * Plans and their feature entries: free, growth and premium, each a set
 * of `{featureKey, enabled, limit}` where limit 0 means unlimited. Creation is allowed only by the
 * spec's rule (`canCreate`); the server counts usage from real rows inside the creating transaction
 * (src/server/lib/plans.ts), so the numbers here are the only place a limit is written.
 */
export const PLAN_KEYS = ['free', 'growth', 'premium'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

/** Features whose usage is a count of rows: the spec's CREATE_* action names plus team seats. */
export const COUNTED_FEATURES = [
  'CREATE_EVENT',
  'CREATE_BLOG',
  'CREATE_PRODUCT',
  'CREATE_MENU',
  'CREATE_MENU_ITEM',
  'TEAM_MEMBER',
] as const;
export type CountedFeature = (typeof COUNTED_FEATURES)[number];

/** Features a plan switches on or off (workspace areas), no count. */
const SWITCHED_FEATURES = ['POS', 'KITCHEN', 'BOOKINGS', 'REPORTS', 'CUSTOMERS', 'ANNOUNCEMENTS', 'PERFORMANCE'] as const;
type SwitchedFeature = (typeof SWITCHED_FEATURES)[number];

export type PlanFeatureKey = CountedFeature | SwitchedFeature;
export const PLAN_FEATURE_KEYS: readonly PlanFeatureKey[] = [...COUNTED_FEATURES, ...SWITCHED_FEATURES];

export interface PlanFeature {
  featureKey: PlanFeatureKey;
  enabled: boolean;
  /** 0 = unlimited; always 0 for switched features */
  limit: number;
}

/** The feature entry: a plan's feature with the firm's current usage. */
export interface FeatureEntry extends PlanFeature {
  currentUsage: number;
}

export interface Plan {
  key: PlanKey;
  /** per month, in minor units of `currency`; 0 for free */
  priceMinor: number;
  currency: string;
  features: PlanFeature[];
}

const counted = (limits: Record<CountedFeature, number>): PlanFeature[] =>
  COUNTED_FEATURES.map((featureKey) => ({ featureKey, enabled: true, limit: limits[featureKey] }));
const switched = (on: readonly SwitchedFeature[]): PlanFeature[] =>
  SWITCHED_FEATURES.map((featureKey) => ({ featureKey, enabled: on.includes(featureKey), limit: 0 }));

export const PLANS: Record<PlanKey, Plan> = {
  free: {
    key: 'free',
    priceMinor: 0,
    currency: 'EUR',
    features: [
      ...counted({ CREATE_EVENT: 3, CREATE_BLOG: 5, CREATE_PRODUCT: 10, CREATE_MENU: 1, CREATE_MENU_ITEM: 25, TEAM_MEMBER: 2 }),
      ...switched([]),
    ],
  },
  growth: {
    key: 'growth',
    priceMinor: 1900,
    currency: 'EUR',
    features: [
      ...counted({ CREATE_EVENT: 25, CREATE_BLOG: 50, CREATE_PRODUCT: 250, CREATE_MENU: 10, CREATE_MENU_ITEM: 300, TEAM_MEMBER: 10 }),
      ...switched(['POS', 'KITCHEN', 'BOOKINGS', 'REPORTS', 'CUSTOMERS', 'ANNOUNCEMENTS']),
    ],
  },
  premium: {
    key: 'premium',
    priceMinor: 4900,
    currency: 'EUR',
    features: [
      ...counted({ CREATE_EVENT: 0, CREATE_BLOG: 0, CREATE_PRODUCT: 0, CREATE_MENU: 0, CREATE_MENU_ITEM: 0, TEAM_MEMBER: 0 }),
      ...switched(SWITCHED_FEATURES),
    ],
  },
};

export function isPlanKey(value: unknown): value is PlanKey {
  return typeof value === 'string' && (PLAN_KEYS as readonly string[]).includes(value);
}

export function isCountedFeature(value: string): value is CountedFeature {
  return (COUNTED_FEATURES as readonly string[]).includes(value);
}

/** A plan's entries with the firm's usage (never below 0). An unknown plan reads as free. */
export function featureEntries(plan: string, usage: Partial<Record<PlanFeatureKey, number>>): FeatureEntry[] {
  const features = (isPlanKey(plan) ? PLANS[plan] : PLANS.free).features;
  return features.map((feature) => ({ ...feature, currentUsage: Math.max(0, Math.floor(usage[feature.featureKey] ?? 0)) }));
}

/**
 * Creation is allowed only if the feature exists, is enabled, and its limit is 0
 * or the usage is below the limit.
 */
export function canCreate(features: readonly FeatureEntry[], featureKey: string): boolean {
  const entry = features.find((feature) => feature.featureKey === featureKey);
  if (!entry || !entry.enabled) return false;
  return entry.limit === 0 || Math.max(0, entry.currentUsage) < entry.limit;
}

/** Whether a switched feature (a workspace area) is on in these entries. */
export function isEnabled(features: readonly FeatureEntry[] | readonly PlanFeature[], featureKey: PlanFeatureKey): boolean {
  return features.some((feature) => feature.featureKey === featureKey && feature.enabled);
}

/**
 * The cheapest plan that would allow one more `featureKey` at this usage: what a refused creation
 * names ("… the growth plan allows more"). Undefined when no plan would.
 */
export function planAllowing(featureKey: PlanFeatureKey, usage: number): PlanKey | undefined {
  return PLAN_KEYS.find((key) => canCreate(featureEntries(key, { [featureKey]: usage }), featureKey));
}
