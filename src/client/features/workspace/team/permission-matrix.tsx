import { useTranslation } from 'react-i18next';
import { Check, Minus } from 'lucide-react';
import { PERMISSION_MATRIX, PERMISSIONS, ROLES } from '../../../../shared/permissions';
import { roleLabel } from '../shell/role-label';
import ui from '../ui/workspace-ui.module.css';

/** The written permission matrix (src/shared/permissions.ts), shown read-only: the same table the server enforces. */
export function PermissionMatrix() {
  const { t } = useTranslation('workspace');
  return (
    <section className={ui.panel} aria-labelledby="matrix-title">
      <h2 id="matrix-title" className={ui.panelTitle}>
        {t('team.matrix')}
      </h2>
      <p className={ui.lead}>{t('team.matrixLead')}</p>
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <thead>
            <tr>
              <th scope="col">{t('team.permission')}</th>
              {ROLES.map((role) => (
                <th key={role} scope="col" className={ui.center}>
                  {roleLabel(t, role)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PERMISSIONS.map((permission) => (
              <tr key={permission}>
                <th scope="row">{t(`permissions.${permission}`)}</th>
                {ROLES.map((role) => (
                  <td key={role} className={ui.center}>
                    {PERMISSION_MATRIX[permission][role] ? (
                      <Check size={18} aria-label={t('team.allowed')} color="var(--color-success)" />
                    ) : (
                      <Minus size={18} aria-label={t('team.notAllowed')} color="var(--color-text-muted)" />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
