import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { Panel } from '../../components/layout/sub-page';
import { adminFirmsQuery } from './api';
import { SearchForm } from './search-form';
import styles from './admin.module.css';

/** Firms by name, username or id, with their owners. */
export function FirmsPanel() {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const firms = useQuery(adminFirmsQuery(q));
  return (
    <Panel title={t('firms.title')}>
      <SearchForm id="firm-search" label={t('firms.search')} onSearch={setQ} />
      <ul className={styles.rows} aria-label={t('firms.title')}>
        {firms.data?.map((firm) => (
          <li key={firm.id} className={styles.row}>
            <Link to="/$username" params={{ username: firm.username }}>
              {firm.name}
            </Link>
            <span className={styles.note}>@{firm.username}</span>
            <span>{firm.statusCode === 1 ? t('firms.published') : t('firms.notPublished')}</span>
            <span>{t('firms.owners', { names: firm.owners.join(', ') || '—' })}</span>
          </li>
        ))}
      </ul>
      {firms.data?.length === 0 && <p className={styles.note}>{t('noResults')}</p>}
    </Panel>
  );
}
