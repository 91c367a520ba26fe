import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import ui from '../ui/workspace-ui.module.css';
import styles from './customers.module.css';

// the router marks a link current on a partial search match; which tab is current is the page's to say
const EXACT = { exact: true, includeSearch: true, explicitUndefined: true };

/** Between the customer list and the messages they wrote (`?tab=messages`), on the one page notifications link to. */
export function CustomersTabs({ current }: { current: 'people' | 'messages' }) {
  const { t } = useTranslation('workspace-customers');
  return (
    <nav aria-label={t('tabs.label')} className={`${ui.linkTabs} ${styles.tabs}`}>
      <Link to="/workspace/customers" className={ui.linkTab} activeOptions={EXACT} aria-current={current === 'people' ? 'page' : undefined}>
        {t('tabs.people')}
      </Link>
      <Link
        to="/workspace/customers"
        search={{ tab: 'messages' }}
        className={ui.linkTab}
        activeOptions={EXACT}
        aria-current={current === 'messages' ? 'page' : undefined}
      >
        {t('tabs.messages')}
      </Link>
    </nav>
  );
}
