import { describe, expect, it } from 'vitest';
import { canCreate, featureEntries, isEnabled, PLANS, planAllowing, type FeatureEntry } from './plans';

const entry = (limit: number, currentUsage: number, enabled = true): FeatureEntry => ({
  featureKey: 'CREATE_EVENT',
  enabled,
  limit,
  currentUsage,
});

describe('the creation rule', () => {
  it('allows only an existing, enabled feature whose limit is 0 or above the usage', () => {
    expect(canCreate([entry(3, 2)], 'CREATE_EVENT')).toBe(true);
    expect(canCreate([entry(3, 3)], 'CREATE_EVENT')).toBe(false);
    expect(canCreate([entry(3, 4)], 'CREATE_EVENT')).toBe(false);
    expect(canCreate([entry(0, 10_000)], 'CREATE_EVENT')).toBe(true);
    expect(canCreate([entry(0, 0, false)], 'CREATE_EVENT')).toBe(false);
    expect(canCreate([entry(3, 0)], 'CREATE_BLOG')).toBe(false);
    expect(canCreate([], 'CREATE_EVENT')).toBe(false);
  });

  it('never counts usage below 0', () => {
    expect(canCreate([entry(1, -5)], 'CREATE_EVENT')).toBe(true);
    expect(featureEntries('free', { CREATE_EVENT: -3 }).find((f) => f.featureKey === 'CREATE_EVENT')?.currentUsage).toBe(0);
  });

  it("builds a plan's entries with usage, an unknown plan reading as free", () => {
    const free = featureEntries('free', { CREATE_MENU: 1 });
    expect(free.find((f) => f.featureKey === 'CREATE_MENU')).toEqual({
      featureKey: 'CREATE_MENU',
      enabled: true,
      limit: 1,
      currentUsage: 1,
    });
    expect(canCreate(free, 'CREATE_MENU')).toBe(false);
    expect(featureEntries('gold', {})).toEqual(featureEntries('free', {}));
    expect(isEnabled(featureEntries('free', {}), 'REPORTS')).toBe(false);
    expect(isEnabled(featureEntries('growth', {}), 'REPORTS')).toBe(true);
    expect(isEnabled(PLANS.premium.features, 'PERFORMANCE')).toBe(true);
  });

  it('names the cheapest plan that would allow one more', () => {
    expect(planAllowing('CREATE_EVENT', 2)).toBe('free');
    expect(planAllowing('CREATE_EVENT', 3)).toBe('growth');
    expect(planAllowing('CREATE_EVENT', 25)).toBe('premium');
    expect(planAllowing('POS', 0)).toBe('growth');
  });

  it('keeps every plan a superset of the one below it', () => {
    const order = ['free', 'growth', 'premium'] as const;
    for (let i = 1; i < order.length; i++) {
      for (const lower of PLANS[order[i - 1]].features) {
        const higher = PLANS[order[i]].features.find((f) => f.featureKey === lower.featureKey)!;
        if (lower.enabled) expect(higher.enabled, `${order[i]} ${lower.featureKey}`).toBe(true);
        if (lower.limit === 0) expect(higher.limit, `${order[i]} ${lower.featureKey}`).toBe(0);
        else if (higher.limit !== 0) expect(higher.limit).toBeGreaterThan(lower.limit);
      }
    }
  });
});
