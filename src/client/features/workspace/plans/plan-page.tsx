import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, CreditCard } from 'lucide-react';
import { isPlanKey, PLAN_FEATURE_KEYS, PLANS } from '../../../../shared/plans';
import { Button } from '../../../components/ui/button';
import { confirm } from '../../../lib/confirm-store';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { toast } from '../../../lib/toast-store';
import { useChangePlan } from '../api/plans';
import { useWorkspace } from '../shell/workspace-context';
import { problemMessage } from '../ui/problem-message';
import { PlanFeatureLine } from './subscription-page';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import styles from './plans.module.css';

/**
 * `workspace/subscription/{name}`: one plan, what it changes for this firm (what it would lose on a
 * smaller plan), and switching to it: the free plan at once, a paid plan on the payment step.
 */
export function PlanPage({ name, canceled }: { name: string; canceled: boolean }) {
  const { t, i18n } = useTranslation('workspace');
  const navigate = useNavigate();
  const workspace = useWorkspace();
  const format = useFormatters();
  const changePlan = useChangePlan(workspace.firmId);
  usePageTitle(isPlanKey(name) ? t(`plans.${name}.name`) : t('nav.subscription'));
  if (!isPlanKey(name)) {
    return (
      <div className={ui.page}>
        <p className={ui.errorBox}>{t('plans.unknown')}</p>
        <Link to="/workspace/subscription">{t('nav.subscription')}</Link>
      </div>
    );
  }
  const plan = PLANS[name];
  const current = workspace.subscription.plan === name;
  const over = workspace.subscription.features.filter((entry) => {
    const next = plan.features.find((feature) => feature.featureKey === entry.featureKey);
    return next && next.limit > 0 && entry.currentUsage > next.limit;
  });
  const lost = workspace.subscription.features.filter(
    (entry) => entry.enabled && !plan.features.find((feature) => feature.featureKey === entry.featureKey)?.enabled,
  );

  const change = async () => {
    if (name === 'free') {
      const ok = await confirm({
        title: t('plans.toFreeTitle'),
        message: t('plans.toFreeText'),
        okText: t('plans.switch'),
        cancelText: t('cancel'),
        danger: true,
      });
      if (!ok) return;
    }
    changePlan.mutate(
      { plan: name },
      {
        onSuccess: (result) => {
          if (result.redirectUrl) {
            // the provider's payment step; it comes back to billing with the order
            window.location.assign(result.redirectUrl);
            return;
          }
          toast.success(t('plans.changed', { plan: t(`plans.${name}.name`) }));
          void navigate({ to: '/workspace/subscription' });
        },
        onError: (error) => toast.error(problemMessage(t, error)),
      },
    );
  };

  return (
    <div className={ui.page}>
      <Link to="/workspace/subscription" className={ui.eyebrow}>
        <ArrowLeft size={16} aria-hidden="true" className="flip-rtl" /> {t('nav.subscription')}
      </Link>
      <WorkspacePageHeader
        title={t(`plans.${name}.name`)}
        lead={t(`plans.${name}.tagline`)}
        actions={
          <p className={styles.price}>
            {plan.priceMinor === 0 ? t('plans.priceFree') : t('plans.perMonth', { price: format.money(plan.priceMinor, plan.currency) })}
          </p>
        }
      />
      {canceled && (
        <p className={ui.notice} role="status">
          {t('plans.canceled')}
        </p>
      )}
      <section className={ui.panel}>
        <ul className={styles.planFeatures}>
          {PLAN_FEATURE_KEYS.map((featureKey) => (
            <PlanFeatureLine key={featureKey} feature={plan.features.find((feature) => feature.featureKey === featureKey)!} />
          ))}
        </ul>
      </section>
      {(over.length > 0 || lost.length > 0) && !current && (
        <div className={styles.warning} role="note">
          <p>{t('plans.downgradeWarning')}</p>
          <ul>
            {over.map((entry) => (
              <li key={entry.featureKey}>
                {t('plans.over', {
                  feature: t(`featureLabels.${entry.featureKey}`),
                  used: entry.currentUsage,
                  limit: plan.features.find((feature) => feature.featureKey === entry.featureKey)!.limit,
                })}
              </li>
            ))}
            {lost.map((entry) => (
              <li key={entry.featureKey}>{t('plans.lost', { feature: t(`featureLabels.${entry.featureKey}`) })}</li>
            ))}
          </ul>
        </div>
      )}
      <section className={ui.panel} aria-live="polite">
        {current ? (
          <p className={ui.lead}>{t('plans.alreadyYours')}</p>
        ) : workspace.can('plan.change') ? (
          <div className={ui.row}>
            <Button variant={name === 'free' ? 'danger' : 'primary'} onClick={() => void change()} disabled={changePlan.isPending}>
              {plan.priceMinor > 0 && <CreditCard size={18} aria-hidden="true" />}
              {plan.priceMinor > 0
                ? t('plans.payAndSwitch', { price: format.money(plan.priceMinor, plan.currency), plan: t(`plans.${name}.name`) })
                : t('plans.switchTo', { plan: t(`plans.${name}.name`) })}
            </Button>
            {plan.priceMinor > 0 && <span className={ui.muted}>{t('plans.payNote', { lng: i18n.language })}</span>}
          </div>
        ) : (
          <p className={ui.muted}>{t('plans.ownersOnly')}</p>
        )}
      </section>
    </div>
  );
}
