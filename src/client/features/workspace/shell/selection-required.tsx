import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { Button, buttonClass } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/page-head';
import styles from './shell.module.css';

/** Access denied after declining the dialog: 'Firm selection is required to access this page.' */
export function SelectionRequired({ onChoose }: { onChoose: () => void }) {
  const { t } = useTranslation('workspace');
  usePageTitle(t('title'));
  return (
    <section className={styles.blocked} aria-labelledby="selection-required">
      <span className={styles.blockedIcon} aria-hidden="true">
        <ShieldAlert size={28} />
      </span>
      <h1 id="selection-required" className={styles.blockedTitle} role="alert">
        {t('selection.required')}
      </h1>
      <div className={styles.actions}>
        <Button variant="primary" onClick={onChoose}>
          {t('selection.choose')}
        </Button>
        <Link to="/business" className={buttonClass()}>
          {t('business.title')}
        </Link>
      </div>
    </section>
  );
}
