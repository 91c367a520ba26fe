import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../lib/use-hydrated';
import { Logo } from './logo';
import { HydrateWhenVisible } from './hydrate-when-visible';
import styles from './footer.module.css';

// loaded once the page is live: the browser's install offer is only known in the browser
const InstallButton = lazy(() => import('./install-button'));

const LINKS = [
  { to: '/about', key: 'footer.about' },
  { to: '/terms', key: 'footer.terms' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/help', key: 'footer.help' },
] as const;

/** Footer: year, app name, the four links, who operates the product, and Install where the browser allows it. */
export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const hydrated = useHydrated();
  return (
    <footer id="site-footer" className={styles.footer}>
      <div className={styles.inner}>
        {/* the brand and the links go live as the footer nears the screen; Install shows once the page is live */}
        <HydrateWhenVisible anchorId="site-footer">
          <div className={styles.brand}>
            <Logo size={24} />
            <span className={styles.name}>{t('appName')}</span>
            <span className={styles.tagline}>{t('footer.tagline')}</span>
          </div>
          <nav aria-label={t('footer.label')}>
            <ul className={styles.links}>
              {LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to as '/'} className={styles.link}>
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </HydrateWhenVisible>
        {hydrated && (
          <Suspense fallback={null}>
            <InstallButton />
          </Suspense>
        )}
        <div className={styles.legal}>
          <p>{t('footer.copyright', { year, app: t('appName') })}</p>
          <p>{t('footer.operated', { app: t('appName') })}</p>
        </div>
      </div>
    </footer>
  );
}
