import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles, X } from 'lucide-react';
import { useServiceWorkerStore } from '../../lib/service-worker-updates';
import { Button } from '../ui/button';
import styles from './update-prompt.module.css';

/** Tells the user a new version is waiting; they choose when to reload (never mid-form). */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const updateReady = useServiceWorkerStore((state) => state.updateReady);
  const applyUpdate = useServiceWorkerStore((state) => state.applyUpdate);
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  if (!updateReady || dismissed) return null;
  return (
    <div className={styles.prompt} role="status">
      <Sparkles className={styles.icon} size={20} aria-hidden="true" />
      <p className={styles.text}>{t('update.ready', { app: t('appName') })}</p>
      <Button
        variant="primary"
        size="small"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          applyUpdate();
        }}
      >
        {t('update.reload')}
      </Button>
      <button type="button" className={styles.close} onClick={() => setDismissed(true)} aria-label={t('update.later')}>
        <X size={18} aria-hidden="true" />
      </button>
    </div>
  );
}
