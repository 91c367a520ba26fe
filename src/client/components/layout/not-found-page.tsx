import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Compass } from 'lucide-react';
import { usePageTitle } from '../../lib/page-head';
import { buttonClass } from '../ui/button';
import styles from './status-page.module.css';

/** 404 page: heading 404, the text, and 'Explore Souk' to /explore. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <section className={styles.page} aria-labelledby="not-found-heading">
      <div className={styles.art} aria-hidden="true">
        <span className={styles.ring} />
        <Compass size={44} />
      </div>
      <h1 id="not-found-heading" className={styles.code}>
        404
      </h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <Link to="/explore" className={buttonClass({ variant: 'primary' })}>
        <Compass size={18} aria-hidden="true" />
        {t('notFound.explore')}
      </Link>
    </section>
  );
}
