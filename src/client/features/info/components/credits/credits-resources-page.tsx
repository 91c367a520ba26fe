import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, PackageOpen } from 'lucide-react';
import { PageHeader } from '../../../../components/content/page-header';
import { usePageTitle } from '../../../../lib/page-head';
import shared from '../../../../components/content/content-page.module.css';
import styles from './credits.module.css';

export function CreditsResourcesPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('credits.resources.meta.title'), t('credits.resources.meta.description'));
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
