import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpen, RefreshCw, WifiOff } from 'lucide-react';
import { useNetworkStore } from '../../lib/network-status';
import { lockScroll } from '../../lib/scroll-lock';
import { useHydrated } from '../../lib/use-hydrated';
import { Button } from '../ui/button';
import styles from './offline-overlay.module.css';

/**
 * Offline overlay: blocks the page and its scrolling until the connection
 * returns, unless the user chooses to keep reading what is cached; then a small banner says
 * the app is offline instead. A page made for use offline (`worksOffline`, e.g. the ticket wallet at
 * the door) gets the banner at once.
 */
export function OfflineOverlay({ worksOffline = false }: { worksOffline?: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const online = useNetworkStore((state) => state.online) || !hydrated; // the server renders online
  const browsingOffline = useNetworkStore((state) => state.browsingOffline);
  const setBrowsingOffline = useNetworkStore((state) => state.setBrowsingOffline);
  const blocking = !online && !browsingOffline && !worksOffline;
  const keepReadingRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!blocking) return;
    const unlock = lockScroll();
    keepReadingRef.current?.focus({ preventScroll: true });
    return unlock;
  }, [blocking]);

  if (online) return null;

  if (!blocking) {
    return (
      <div className={styles.banner} role="status">
        <WifiOff size={16} aria-hidden="true" />
        <span>{t('offline.banner')}</span>
      </div>
    );
  }

  return (
    <div className={styles.overlay} role="alertdialog" aria-modal="true" aria-labelledby="offline-title" aria-describedby="offline-text">
      <div className={styles.card}>
        <span className={styles.icon} aria-hidden="true">
          <WifiOff size={30} />
        </span>
        <h2 id="offline-title" className={styles.title}>
          {t('offline.title')}
        </h2>
        <p id="offline-text" className={styles.text}>
          {t('offline.message')}
        </p>
        <div className={styles.actions}>
          <Button ref={keepReadingRef} variant="primary" block onClick={() => setBrowsingOffline(true)}>
            <BookOpen size={18} aria-hidden="true" />
            {t('offline.keepReading')}
          </Button>
          <Button variant="ghost" block onClick={() => useNetworkStore.setState({ online: navigator.onLine })}>
            <RefreshCw size={18} aria-hidden="true" />
            {t('offline.retry')}
          </Button>
        </div>
        <p className={styles.hint}>{t('offline.hint')}</p>
      </div>
    </div>
  );
}
