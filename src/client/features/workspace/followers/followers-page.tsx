import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { firmFollowersQuery } from '../api/followers';
import { useWorkspace } from '../shell/workspace-context';
import { ListSearch } from '../ui/list-search';
import { PagedList } from '../ui/paged-list';
import list from '../ui/workspace-list.module.css';
import ui from '../ui/workspace-ui.module.css';
import styles from './followers.module.css';

/** `workspace/followers`: who follows the business (name, flip, since), searchable, paged. */
export function FollowersPage() {
  const { t } = useTranslation(['workspace-followers', 'workspace']);
  const { firmId, firm } = useWorkspace();
  const format = useFormatters();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const followers = useQuery({ ...firmFollowersQuery(firmId, page, q), placeholderData: keepPreviousData });
  usePageTitle(t('title'));

  return (
    <div className={ui.page}>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{t('title')}</h1>
          <p className={ui.lead}>{t('lead')}</p>
        </div>
      </header>
      <ListSearch
        id="follower-search"
        className={styles.search}
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        submitLabel={t('search.submit')}
        maxLength={60}
        onSearch={(value) => {
          setQ(value);
          setPage(0);
        }}
      />
      <PagedList
        query={followers}
        page={page}
        onPageChange={setPage}
        retryLabel={t('retry')}
        empty={<p className={ui.panel}>{q ? t('empty.search', { q }) : t('empty.all')}</p>}
      >
        {(content, data) => (
          <>
            <p className={ui.muted}>{t('count', { count: data.totalElements })}</p>
            <ul className={list.list} data-testid="followers">
              {content.map((follower) => (
                <li key={follower.flip}>
                  <Link to="/profile/$flip" params={{ flip: follower.flip }} className={list.row}>
                    <PersonAvatar name={follower.name} imagePath={follower.imagePath} size={40} />
                    <span className={styles.who}>
                      <bdi className={styles.name}>{follower.name}</bdi>
                      <span className={styles.flip} dir="ltr">
                        @{follower.flip}
                      </span>
                    </span>
                    <span className={ui.muted}>{t('since', { date: format.date(follower.since, firm.timezone) })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </PagedList>
    </div>
  );
}
