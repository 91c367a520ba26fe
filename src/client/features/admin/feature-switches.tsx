import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/layout/sub-page';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { adminFeaturesQuery, useSwitchFeature } from './api';
import styles from './admin.module.css';

const REASON_MIN = 3;

/** Every feature flag with its state; a switch needs a reason (it goes to the audit log) and reaches every instance in seconds. */
export function FeatureSwitches() {
  const { t } = useTranslation('admin');
  const features = useQuery(adminFeaturesQuery());
  const switchFeature = useSwitchFeature();
  const [reason, setReason] = useState('');
  const ready = reason.trim().length >= REASON_MIN;
  return (
    <Panel title={t('features.title')}>
      <p className={styles.note}>{t('features.intro')}</p>
      <TextField
        id="switch-reason"
        label={t('reason')}
        hint={t('reasonHint')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={500}
      />
      <ul className={styles.rows} aria-label={t('features.title')}>
        {features.data?.map((feature) => (
          <li key={feature.key} className={styles.row} data-testid={`feature-${feature.key}`}>
            <span className={styles.key}>{feature.key}</span>
            <span className={feature.enabled ? styles.on : styles.off}>{feature.enabled ? t('features.on') : t('features.off')}</span>
            {feature.enabled !== feature.startValue && <span className={styles.note}>{t('features.changedFromStart')}</span>}
            <Button
              variant={feature.enabled ? 'danger' : 'secondary'}
              disabled={!ready || switchFeature.isPending}
              onClick={() => switchFeature.mutate({ key: feature.key, enabled: !feature.enabled, reason: reason.trim() })}
            >
              {feature.enabled ? t('features.switchOff', { key: feature.key }) : t('features.switchOn', { key: feature.key })}
            </Button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
