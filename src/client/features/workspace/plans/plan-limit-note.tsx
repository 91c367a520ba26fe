import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import { planAllowing, type PlanFeatureKey } from '../../../../shared/plans';
import { buttonClass } from '../../../components/ui/button';
import { useWorkspace } from '../shell/workspace-context';
import styles from './plans.module.css';

/**
 * What a page shows when the plan allows no more of something: the plan named,
 * the plan that allows more, and the way to upgrade (or whom to ask). For the creation pages of
 * every area: `{!workspace.canCreate('CREATE_EVENT') && <PlanLimitNote featureKey="CREATE_EVENT" />}`.
 */
export function PlanLimitNote({ featureKey }: { featureKey: PlanFeatureKey }) {
  const { t } = useTranslation('workspace');
  const workspace = useWorkspace();
  const entry = workspace.subscription.features.find((feature) => feature.featureKey === featureKey);
  const required = planAllowing(featureKey, entry?.currentUsage ?? 0);
  const plan = t(`plans.${workspace.subscription.plan}.name`);
  return (
    <div className={styles.limit} role="status">
      <Sparkles size={20} aria-hidden="true" />
      <div className={styles.limitText}>
        <p>
          {entry?.enabled
            ? t('limit.reached', { plan, limit: entry.limit, feature: t(`features.${featureKey}`) })
            : t('limit.notIncluded', { plan, feature: t(`features.${featureKey}`) })}{' '}
          {required && t('limit.upgrade', { plan: t(`plans.${required}.name`) })}
        </p>
        {workspace.can('plan.view') ? (
          <Link to="/workspace/subscription" className={buttonClass({ variant: 'primary', size: 'small' })}>
            {t('locked.comparePlans')}
          </Link>
        ) : (
          <p className={styles.muted}>{t('locked.askOwner')}</p>
        )}
      </div>
    </div>
  );
}
