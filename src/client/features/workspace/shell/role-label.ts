import type { TFunction } from 'i18next';
import { PERMISSION_MATRIX, ROLES, type Permission, type Role } from '../../../../shared/permissions';

/** The role's name in the interface language. */
export const roleLabel = (t: TFunction, role: Role) => t(`roles.${role}`, { ns: 'workspace' });

/** "owners and managers": the roles that hold a permission, for a locked page. */
export function rolesWith(t: TFunction, permission: Permission): string {
  const roles = ROLES.filter((role) => PERMISSION_MATRIX[permission][role]).map((role) => t(`rolesPlural.${role}`, { ns: 'workspace' }));
  return new Intl.ListFormat(t('locale', { ns: 'workspace' }), { type: 'conjunction' }).format(roles);
}
