import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Compass, RefreshCw, WifiOff } from 'lucide-react';
import { useNetworkStore } from '../../lib/network-status';
import { usePageTitle } from '../../lib/page-head';
import { keptForOffline } from '../../lib/kept-offline';
import { Button, buttonClass } from '../ui/button';
import styles from './status-page.module.css';

const isNetworkFailure = (error: unknown) => (error as { status?: number } | null)?.status === 0 || error instanceof TypeError;

/**
 * What a route shows when it cannot render (every route's error component): inside the shell, in
 * the user's language. Offline (or a request that never reached the server), it says the page is
 * not kept for offline reading and lists what is (firms and events visited, saved items), with a
 * retry; any other failure gets a short apology and the same retry.
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const online = useNetworkStore((state) => state.online);
  const offline = !online || isNetworkFailure(error);
  usePageTitle(offline ? t('offlinePage.title') : t('errorPage.title'));
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <section className={styles.page} aria-labelledby="error-heading" data-testid={offline ? 'offline-page' : 'error-page'}>
      <div className={`${styles.art} ${styles.artWarm}`} aria-hidden="true">
        {offline ? <WifiOff size={44} /> : <AlertTriangle size={44} />}
      </div>
      <h1 id="error-heading" className={styles.heading}>
        {offline ? t('offlinePage.title') : t('errorPage.title')}
      </h1>
      <p className={styles.text}>{offline ? t('offlinePage.text') : t('errorPage.text')}</p>
      <div className={styles.actions}>
        <Button variant="primary" onClick={retry}>
          <RefreshCw size={18} aria-hidden="true" />
          {t('offline.retry')}
        </Button>
        <Link to="/explore" className={buttonClass({ variant: 'secondary' })}>
          <Compass size={18} aria-hidden="true" />
          {t('notFound.explore')}
        </Link>
      </div>
      {offline && <KeptOffline />}
    </section>
  );
}

function KeptOffline() {
  const { t } = useTranslation();
  const kept = keptForOffline(useQueryClient());
  if (kept.length === 0) return <p className={styles.text}>{t('offlinePage.nothingKept')}</p>;
  return (
    <nav className={styles.kept} aria-labelledby="kept-heading">
      <h2 id="kept-heading" className={styles.keptHeading}>
        {t('offlinePage.kept')}
      </h2>
      <ul className={styles.keptList}>
        {kept.map((item) => (
          <li key={item.href}>
            <a href={item.href} className={styles.keptLink}>
              <span dir="auto">{item.name}</span>
              <span className={styles.keptKind}>{t(`offlinePage.kind.${item.kind}`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
