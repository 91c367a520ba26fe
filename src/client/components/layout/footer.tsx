import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo';
import styles from './footer.module.css';

const LINKS = [
  { to: '/about', key: 'footer.about' },
  { to: '/terms', key: 'footer.terms' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/help', key: 'footer.help' },
] as const;

/** Footer of spec section 2: year, app name, the four links, and who operates the product. */
export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
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
        <div className={styles.legal}>
          <p>{t('footer.copyright', { year, app: t('appName') })}</p>
          <p>{t('footer.operated', { app: t('appName') })}</p>
        </div>
      </div>
    </footer>
  );
}
