import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { Panel, SubPage } from '../../../components/layout/sub-page';
import { Button } from '../../../components/ui/button';
import { useServiceWorkerStore } from '../../../lib/service-worker-updates';
import { getStored, setStored, STORAGE_KEYS } from '../../../lib/signed-storage';
import { useFormatters } from '../../../lib/use-dates';
import styles from './settings.module.css';

declare const __APP_VERSION__: string;
const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

type Check = 'idle' | 'checking' | 'current' | 'ready' | 'failed' | 'unsupported';

/** The version the service worker says it is (it answers a VERSION message on a channel). */
async function workerVersion(): Promise<string | null> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const worker = registration?.active;
  if (!worker) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 2000);
    channel.port1.onmessage = (event: MessageEvent<{ version?: string }>) => {
      clearTimeout(timer);
      resolve(event.data?.version ?? null);
    };
    worker.postMessage({ type: 'VERSION' }, [channel.port2]);
  });
}

/** `/profile/version`: the app's version, the offline worker's, when it last updated, and a check for a new one. */
export function VersionPage() {
  const { t } = useTranslation('settings');
  const f = useFormatters();
  const updateReady = useServiceWorkerStore((state) => state.updateReady);
  const applyUpdate = useServiceWorkerStore((state) => state.applyUpdate);
  const [worker, setWorker] = useState<string | null | undefined>(undefined);
  const [check, setCheck] = useState<Check>('idle');
  const [lastCheck, setLastCheck] = useState<string | undefined>(() => getStored<string>(STORAGE_KEYS.lastUpdateCheck) ?? undefined);

  useEffect(() => {
    void workerVersion().then(setWorker, () => setWorker(null));
  }, []);

  const checkNow = async () => {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration) return setCheck('unsupported');
    setCheck('checking');
    try {
      await registration.update();
      const now = new Date().toISOString();
      setStored(STORAGE_KEYS.lastUpdateCheck, now);
      setLastCheck(now);
      setCheck(registration.waiting || registration.installing ? 'ready' : 'current');
    } catch {
      setCheck('failed');
    }
  };

  const rows = [
    { label: t('version.app'), value: APP_VERSION },
    { label: t('version.worker'), value: worker === undefined ? '…' : (worker ?? t('version.noWorker')) },
    { label: t('version.lastCheck'), value: lastCheck ? f.relative(lastCheck) : t('version.never') },
  ];
  return (
    <SubPage title={t('version.title')}>
      <Panel>
        <dl className={styles.facts}>
          {rows.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd dir="auto" data-testid={`version-${row.label}`}>
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel>
        {(updateReady || check === 'ready') && <p role="status">{t('version.ready')}</p>}
        {check === 'current' && !updateReady && <p role="status">{t('version.current')}</p>}
        {check === 'failed' && (
          <p role="alert" className={styles.formError}>
            {t('version.failed')}
          </p>
        )}
        {check === 'unsupported' && <p role="status">{t('version.unsupported')}</p>}
        <div className={styles.formActions}>
          {updateReady ? (
            <Button variant="primary" onClick={applyUpdate}>
              {t('version.apply')}
            </Button>
          ) : (
            <Button onClick={() => void checkNow()} disabled={check === 'checking'}>
              <RefreshCw size={18} aria-hidden="true" />
              {check === 'checking' ? t('version.checking') : t('version.check')}
            </Button>
          )}
        </div>
      </Panel>
    </SubPage>
  );
}
