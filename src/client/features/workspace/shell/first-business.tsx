import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Plus, Store } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { useFeature } from '../../../lib/feature-flags';
import { usePageTitle } from '../../../lib/page-head';
import styles from './shell.module.css';

/** The workspace of someone in no business yet: an invitation to create one, not a refusal. */
export function FirstBusiness() {
  const { t } = useTranslation('workspace');
  const createOn = useFeature('CREATE_FIRM');
  usePageTitle(t('title'));
  return (
    <section className={styles.blocked} aria-labelledby="first-business">
      <span className={styles.welcomeIcon} aria-hidden="true">
        <Store size={28} />
      </span>
      <h1 id="first-business" className={styles.blockedTitle}>
        {t('firstBusiness.title')}
      </h1>
      <p className={styles.blockedText}>{createOn ? t('firstBusiness.text') : t('firstBusiness.unavailable')}</p>
      <div className={styles.actions}>
        {createOn && (
          <Link to="/create-firm" className={buttonClass({ variant: 'primary' })}>
            <Plus size={18} aria-hidden="true" />
            {t('firstBusiness.create')}
          </Link>
        )}
        <Link to="/explore" className={buttonClass()}>
          {t('firstBusiness.browse')}
        </Link>
      </div>
    </section>
  );
}
