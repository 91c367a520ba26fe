import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../../../../shared/permissions';
import { featureEntries } from '../../../../shared/plans';
import { entryAccess, entryForPath, NAV_ENTRIES, NAV_GROUPS } from './workspace-nav';

/** The workspace sub-routes. */
const SPEC_ROUTES = [
  'home',
  'calendar',
  'menu',
  'menu/m1',
  'menu/item',
  'menu/item/i1',
  'pos',
  'sort-menu',
  'bookings',
  'settings',
  'orders',
  'reports',
  'events',
  'events/e1',
  'shop',
  'shop/p1',
  'inventory',
  'kitchen',
  'followers',
  'followers/restricted',
  'followers/requests',
  'customers',
  'blog',
  'blog/b1',
  'team',
  'team/emp',
  'team/emp/x1',
  'performance',
  'business-profile',
  'me',
  'subscription',
  'subscription/growth',
  'billing',
  'announcements',
  'promotions',
  'tables',
];

describe('the workspace navigation', () => {
  it('reaches every workspace route of the spec through an entry of a group', () => {
    for (const route of SPEC_ROUTES) expect(entryForPath(`/workspace/${route}`), route).toBeDefined();
    for (const entry of NAV_ENTRIES) expect(NAV_GROUPS).toContain(entry.group);
    expect(new Set(NAV_ENTRIES.map((entry) => entry.group)).size).toBe(NAV_GROUPS.length);
    expect(entryForPath('/workspace')).toBeUndefined();
    expect(entryForPath('/workspace/nowhere')).toBeUndefined();
  });

  it('gives sub-routes the rule they need', () => {
    expect(entryForPath('/workspace/team/emp')?.permission).toBe('team.invite');
    expect(entryForPath('/workspace/team/emp/x1')?.permission).toBe('team.view');
    expect(entryForPath('/workspace/sort-menu')).toMatchObject({ entry: { key: 'menu' }, permission: 'catalogue.edit' });
    expect(entryForPath('/workspace/subscription/premium')?.entry.key).toBe('subscription');
  });

  it('locks by role first, then by plan, naming the plan that opens it', () => {
    const free = featureEntries('free', {});
    const growth = featureEntries('growth', {});
    expect(entryAccess('team.invite', undefined, permissionsOf('STAFF'), growth)).toEqual({ state: 'role' });
    expect(entryAccess('reports.view', 'REPORTS', permissionsOf('STAFF'), free)).toEqual({ state: 'role' });
    expect(entryAccess('reports.view', 'REPORTS', permissionsOf('MANAGER'), free)).toEqual({ state: 'plan', requiredPlan: 'growth' });
    expect(entryAccess('reports.view', 'PERFORMANCE', permissionsOf('OWNER'), growth)).toEqual({ state: 'plan', requiredPlan: 'premium' });
    expect(entryAccess('reports.view', 'REPORTS', permissionsOf('MANAGER'), growth)).toEqual({ state: 'open' });
    expect(entryAccess('firm.view', undefined, permissionsOf('STAFF'), free)).toEqual({ state: 'open' });
  });
});
