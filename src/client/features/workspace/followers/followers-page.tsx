import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { Paginator, showPaginator } from '../../../components/ui/paginator';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { firmFollowersQuery } from '../api/followers';
import { useWorkspace } from '../shell/workspace-context';
import { problemMessage } from '../ui/problem-message';
import ui from '../ui/workspace-ui.module.css';
import styles from './followers.module.css';

/** `workspace/followers`: who follows the business (name, flip, since), searchable, paged. */
export function FollowersPage() {
  const { t } = useTranslation(['workspace-followers', 'workspace']);
  const { firmId, firm } = useWorkspace();
  const format = useFormatters();
  const [typed, setTyped] = useState('');
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
      <form
        role="search"
        className={styles.search}
        onSubmit={(event) => {
          event.preventDefault();
          setQ(typed.trim());
          setPage(0);
        }}
      >
        <label htmlFor="follower-search" className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          id="follower-search"
          type="search"
          value={typed}
          maxLength={60}
          autoComplete="off"
          placeholder={t('search.placeholder')}
          onChange={(event) => {
            setTyped(event.target.value);
            if (event.target.value === '') setQ('');
          }}
        />
        <Button type="submit" variant="icon" aria-label={t('search.submit')}>
          <Search size={18} aria-hidden="true" />
        </Button>
      </form>
      {followers.isPending ? (
        <PageSpinner />
      ) : followers.isError ? (
        <div className={ui.errorBox} role="alert">
          <p>{problemMessage(t, followers.error)}</p>
          <Button onClick={() => void followers.refetch()}>{t('retry')}</Button>
        </div>
      ) : followers.data.content.length === 0 ? (
        <p className={ui.panel}>{q ? t('empty.search', { q }) : t('empty.all')}</p>
      ) : (
        <>
          <p className={ui.muted}>{t('count', { count: followers.data.totalElements })}</p>
          <ul className={styles.list} data-testid="followers">
            {followers.data.content.map((follower) => (
              <li key={follower.flip}>
                <Link to="/profile/$flip" params={{ flip: follower.flip }} className={styles.row}>
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
          {showPaginator(followers.data.totalElements, followers.data.totalPages) && (
            <Paginator
              page={page + 1}
              previousDisabled={followers.data.first}
              nextDisabled={followers.data.last}
              onPrevious={() => setPage((p) => Math.max(0, p - 1))}
              onNext={() => setPage((p) => p + 1)}
            />
          )}
        </>
      )}
    </div>
  );
}
