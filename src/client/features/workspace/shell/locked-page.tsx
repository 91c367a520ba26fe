import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import type { Permission } from '../../../../shared/permissions';
import { buttonClass } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/page-head';
import type { EntryAccess } from './workspace-nav';
import { useWorkspace } from './workspace-context';
import { roleLabel, rolesWith } from './role-label';
import styles from './shell.module.css';

/** What a locked area says instead of its page: whose role opens it, or which plan. */
export function LockedPage({
  area,
  access,
  permission,
}: {
  area: string;
  access: Exclude<EntryAccess, { state: 'open' }>;
  permission: Permission;
}) {
  const { t } = useTranslation('workspace');
  const workspace = useWorkspace();
  const title = t(`nav.${area}`);
  usePageTitle(title);
  return (
    <section className={styles.blocked} aria-labelledby="locked-title">
      <span className={styles.blockedIcon} aria-hidden="true">
        <Lock size={28} />
      </span>
      <h1 id="locked-title" className={styles.blockedTitle}>
        {title}
      </h1>
      {access.state === 'role' ? (
        <>
          <p className={styles.blockedText} role="alert">
            {t('errors.forbidden', { ns: 'common' })}
          </p>
          <p className={styles.blockedText}>
            {t('locked.role', { roles: rolesWith(t, permission), role: roleLabel(t, workspace.employment.userRole) })}
          </p>
        </>
      ) : (
        <>
          <p className={styles.blockedText}>
            {access.requiredPlan
              ? t('locked.plan', { plan: t(`plans.${access.requiredPlan}.name`), current: t(`plans.${workspace.subscription.plan}.name`) })
              : t('locked.planNone')}
          </p>
          {workspace.can('plan.view') ? (
            <Link to="/workspace/subscription" className={buttonClass({ variant: 'primary' })}>
              {t('locked.comparePlans')}
            </Link>
          ) : (
            <p className={styles.muted}>{t('locked.askOwner')}</p>
          )}
        </>
      )}
    </section>
  );
}
