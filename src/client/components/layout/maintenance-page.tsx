import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Wrench } from 'lucide-react';
import { usePageTitle } from '../../lib/page-head';
import { buttonClass } from '../ui/button';
import styles from './status-page.module.css';

/** 'LOGIN' / 'create-firm' / 'blog' → 'login' / 'create firm' / 'blog' (the translated name wins). */
export function featureLabel(feature: string | undefined, translate: (key: string, fallback: string) => string): string {
  const raw = (feature ?? '').trim();
  if (!raw) return translate('maintenance.defaultFeature', 'service');
  const key = raw.toUpperCase().replace(/[\s-]+/g, '_');
  const humanized = raw.toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
  return translate(`maintenance.features.${key}`, humanized);
}

const capitalize = (text: string) => (text ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text);

/** Maintenance page for /maintenance?feature=name. */
export function MaintenancePage({ feature }: { feature?: string }) {
  const { t } = useTranslation();
  const name = featureLabel(feature, (key, fallback) => t(key, { defaultValue: fallback }));
  const title = t('maintenance.title', { Feature: capitalize(name) });
  usePageTitle(title);
  return (
    <section className={styles.page} aria-labelledby="maintenance-heading">
      <div className={`${styles.art} ${styles.artWarm}`} aria-hidden="true">
        <span className={styles.ring} />
        <Wrench size={40} />
      </div>
      <h1 id="maintenance-heading" className={styles.heading}>
        {title}
      </h1>
      <p className={styles.text}>{t('maintenance.text', { feature: name })}</p>
      <Link to="/explore" className={buttonClass({ variant: 'primary' })}>
        {t('maintenance.gotIt')}
      </Link>
    </section>
  );
}
