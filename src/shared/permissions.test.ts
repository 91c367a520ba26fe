import { describe, expect, it } from 'vitest';
import { can, mayAssignRole, PERMISSION_MATRIX, PERMISSIONS, permissionsOf } from './permissions';

describe('the permission matrix', () => {
  it('gives owners everything and nobody more than owners', () => {
    expect(permissionsOf('OWNER')).toEqual(PERMISSIONS);
    for (const permission of PERMISSIONS) {
      if (can('MANAGER', permission) || can('STAFF', permission)) expect(can('OWNER', permission)).toBe(true);
      if (can('STAFF', permission)) expect(can('MANAGER', permission), permission).toBe(true);
    }
  });

  it('keeps money and the firm settings with owners, the team with managers, day-to-day work with staff', () => {
    expect(can('MANAGER', 'plan.change')).toBe(false);
    expect(can('MANAGER', 'billing.view')).toBe(false);
    expect(can('MANAGER', 'firm.settings')).toBe(false);
    expect(can('MANAGER', 'team.manage')).toBe(true);
    expect(can('STAFF', 'team.invite')).toBe(false);
    expect(can('STAFF', 'firm.edit')).toBe(false);
    expect(can('STAFF', 'sales.handle')).toBe(true);
    expect(can('STAFF', 'firm.view')).toBe(true);
  });

  it('grants nothing to an unknown role', () => {
    expect(permissionsOf('ADMIN')).toEqual([]);
    expect(permissionsOf(undefined)).toEqual([]);
    expect(can('owner', 'firm.view')).toBe(false);
    expect(Object.keys(PERMISSION_MATRIX)).toEqual(PERMISSIONS);
  });

  it('lets managers hand out and take away only the staff and manager roles', () => {
    expect(mayAssignRole('OWNER', { current: 'OWNER', next: 'STAFF' })).toBe(true);
    expect(mayAssignRole('MANAGER', { current: 'STAFF', next: 'MANAGER' })).toBe(true);
    expect(mayAssignRole('MANAGER', { current: 'STAFF', next: 'OWNER' })).toBe(false);
    expect(mayAssignRole('MANAGER', { current: 'OWNER' })).toBe(false);
    expect(mayAssignRole('STAFF', { next: 'STAFF' })).toBe(false);
  });
});
