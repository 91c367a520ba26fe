import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Check, Minus } from 'lucide-react';
import { isCountedFeature, PLAN_FEATURE_KEYS, PLAN_KEYS, PLANS, type PlanFeature } from '../../../../shared/plans';
import { buttonClass } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import styles from './plans.module.css';

/** `workspace/subscription`: the plan in force with its usage, and the three plans side by side. */
export function SubscriptionPage() {
  const { t } = useTranslation('workspace');
  const { subscription, firm } = useWorkspace();
  const format = useFormatters();
  usePageTitle(t('nav.subscription'));
  const counted = subscription.features.filter(
    (feature) => feature.limit > 0 || feature.featureKey.startsWith('CREATE_') || feature.featureKey === 'TEAM_MEMBER',
  );

  return (
    <div className={ui.page}>
      <WorkspacePageHeader
        title={t('nav.subscription')}
        lead={
          subscription.renewsAt
            ? t('plans.current', { plan: t(`plans.${subscription.plan}.name`), date: format.date(subscription.renewsAt, firm.timezone) })
            : t('plans.currentFree', { plan: t(`plans.${subscription.plan}.name`) })
        }
      />
      <section className={ui.panel} aria-labelledby="usage-title">
        <h2 id="usage-title" className={ui.panelTitle}>
          {t('plans.usage')}
        </h2>
        <ul className={styles.usage}>
          {counted.map((feature) => (
            <li key={feature.featureKey}>
              <span className={styles.usageLabel}>{t(`featureLabels.${feature.featureKey}`)}</span>
              {feature.limit === 0 ? (
                <span className={styles.usageValue}>{t('plans.usedUnlimited', { count: feature.currentUsage })}</span>
              ) : (
                <>
                  <meter
                    min={0}
                    max={feature.limit}
                    value={Math.min(feature.currentUsage, feature.limit)}
                    high={feature.limit}
                    className={styles.meter}
                    aria-label={t(`featureLabels.${feature.featureKey}`)}
                  />
                  <span className={styles.usageValue} data-full={feature.currentUsage >= feature.limit ? '' : undefined}>
                    {t('plans.used', { used: feature.currentUsage, limit: feature.limit })}
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="compare-title">
        <h2 id="compare-title" className={ui.panelTitle}>
          {t('plans.compare')}
        </h2>
        <div className={styles.cards}>
          {PLAN_KEYS.map((key) => {
            const plan = PLANS[key];
            const current = key === subscription.plan;
            return (
              <article key={key} className={styles.planCard} data-current={current ? '' : undefined} aria-labelledby={`plan-${key}`}>
                <h3 id={`plan-${key}`} className={styles.planName}>
                  {t(`plans.${key}.name`)}
                </h3>
                <p className={styles.planTagline}>{t(`plans.${key}.tagline`)}</p>
                <p className={styles.price}>
                  {plan.priceMinor === 0
                    ? t('plans.priceFree')
                    : t('plans.perMonth', { price: format.money(plan.priceMinor, plan.currency) })}
                </p>
                <ul className={styles.planFeatures}>
                  {PLAN_FEATURE_KEYS.map((featureKey) => (
                    <PlanFeatureLine key={featureKey} feature={plan.features.find((feature) => feature.featureKey === featureKey)!} />
                  ))}
                </ul>
                {current ? (
                  <span className={`${ui.badge} ${styles.currentBadge}`}>{t('plans.yourPlan')}</span>
                ) : (
                  <Link
                    to="/workspace/subscription/$name"
                    params={{ name: key }}
                    className={buttonClass({ variant: key === 'free' ? 'secondary' : 'primary', block: true })}
                  >
                    {t('plans.choose', { plan: t(`plans.${key}.name`) })}
                  </Link>
                )}
              </article>
            );
          })}
        </div>
      </section>
    </div>
  );
}

export function PlanFeatureLine({ feature }: { feature: PlanFeature }) {
  const { t } = useTranslation('workspace');
  const label = t(`featureLabels.${feature.featureKey}`);
  return (
    <li className={styles.planFeature} data-off={feature.enabled ? undefined : ''}>
      {feature.enabled ? <Check size={16} aria-hidden="true" /> : <Minus size={16} aria-hidden="true" />}
      <span>
        {!feature.enabled
          ? t('plans.notIncluded', { feature: label })
          : feature.limit === 0
            ? isCountedFeature(feature.featureKey)
              ? t('plans.unlimited', { feature: label })
              : label
            : t('plans.upTo', { limit: feature.limit, feature: label })}
      </span>
    </li>
  );
}
