import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, PackageOpen } from 'lucide-react';
import { PageHeader } from '../page-header';
import { usePageMeta } from '../use-page-meta';
import shared from '../pages.module.css';
import styles from './credits.module.css';

export function CreditsResourcesPage() {
  const { t } = useTranslation('pages');
  usePageMeta(t('credits.resources.meta.title'), t('credits.resources.meta.description'));
  return (
    <div className={shared.page}>
      <BackToCredits />
      <PageHeader eyebrow={t('about.tabs.credits')} title={t('credits.resources.title')} />
      <div className={styles.empty}>
        <PackageOpen size={40} aria-hidden="true" />
        <p>{t('credits.resources.empty')}</p>
      </div>
    </div>
  );
}

export function BackToCredits() {
  const { t } = useTranslation('pages');
  return (
    <Link to="/about" hash="credits" className={`${shared.buttonGhost} ${styles.back}`}>
      <ArrowLeft size={18} aria-hidden="true" className={shared.flip} />
      {t('about.eyebrow')}
    </Link>
  );
}
