import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { FirmFollower } from '../../../../shared/firm-followers';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { firmAudienceQuery, type AudienceList } from '../api/followers';
import { useWorkspace } from '../shell/workspace-context';
import { ListSearch } from '../ui/list-search';
import { CursorList, useCursorPages } from '../ui/paged-list';
import list from '../ui/workspace-list.module.css';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import styles from './followers.module.css';

const TABS: readonly {
  list: AudienceList;
  to: '/workspace/followers' | '/workspace/followers/requests' | '/workspace/followers/restricted';
}[] = [
  { list: 'followers', to: '/workspace/followers' },
  { list: 'requests', to: '/workspace/followers/requests' },
  { list: 'restricted', to: '/workspace/followers/restricted' },
];

/** The head of the three followers pages: the title, what the page is for, and links between them. */
export function AudienceHeader({ title, lead }: { title: string; lead: string }) {
  const { t } = useTranslation('workspace-followers');
  usePageTitle(title);
  return (
    <>
      <WorkspacePageHeader title={title} lead={lead} />
      <nav aria-label={t('nav.label')} className={ui.linkTabs}>
        {TABS.map((tab) => (
          <Link key={tab.list} to={tab.to} className={ui.linkTab} activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
            {t(`nav.${tab.list}`)}
          </Link>
        ))}
      </nav>
    </>
  );
}

/** The search words and page of one list, and its query. */
export function useAudience(listName: AudienceList) {
  const { firmId } = useWorkspace();
  const [q, setQ] = useState('');
  const pages = useCursorPages();
  const query = useQuery({ ...firmAudienceQuery(firmId, listName, pages.cursor, q), placeholderData: keepPreviousData });
  const search = (value: string) => {
    setQ(value);
    pages.reset();
  };
  return { q, pages, search, query };
}

interface PeopleListProps {
  audience: ReturnType<typeof useAudience>;
  /** what each texts key names: the search's label, the empty states, the count and the date of each row */
  texts: { searchLabel: string; empty: string; emptySearch: string; count: string; since: string };
  /** a checkbox before each person (the requests, answered in bulk) */
  select?: { selected: ReadonlySet<string>; toggle: (id: string) => void };
  /** above the rows: e.g. the bulk actions */
  toolbar?: (people: FirmFollower[]) => ReactNode;
  /** the buttons at the end of a row */
  actions?: (person: FirmFollower) => ReactNode;
}

/** A searchable, paged list of people (name, flip, a date), each linking to their profile, with their actions. */
export function PeopleList({ audience, texts, select, toolbar, actions }: PeopleListProps) {
  const { t } = useTranslation('workspace-followers');
  const { firm } = useWorkspace();
  const format = useFormatters();
  const { q, pages, search, query } = audience;
  return (
    <>
      <ListSearch
        id="follower-search"
        className={styles.search}
        label={t(texts.searchLabel)}
        placeholder={t('search.placeholder')}
        submitLabel={t('search.submit')}
        maxLength={60}
        onSearch={search}
      />
      <CursorList
        query={query}
        pages={pages}
        retryLabel={t('retry')}
        empty={<p className={ui.panel}>{q ? t(texts.emptySearch, { q }) : t(texts.empty)}</p>}
      >
        {(content, data) => (
          <>
            <p className={ui.muted}>{t(texts.count, { count: data.totalElements })}</p>
            {toolbar?.(content)}
            <ul className={list.list} data-testid="followers">
              {content.map((person) => (
                <li key={person.id} className={styles.row}>
                  {select && (
                    <input
                      type="checkbox"
                      className={styles.check}
                      checked={select.selected.has(person.id)}
                      onChange={() => select.toggle(person.id)}
                      aria-label={t('requests.select', { name: person.name })}
                    />
                  )}
                  <Link to="/profile/$flip" params={{ flip: person.flip }} className={styles.person}>
                    <PersonAvatar name={person.name} imagePath={person.imagePath} size={40} />
                    <span className={styles.who}>
                      <bdi className={styles.name}>{person.name}</bdi>
                      <span className={styles.flip} dir="ltr">
                        @{person.flip}
                      </span>
                    </span>
                  </Link>
                  <span className={ui.muted}>{t(texts.since, { date: format.date(person.since, firm.timezone) })}</span>
                  {actions && <span className={styles.actions}>{actions(person)}</span>}
                </li>
              ))}
            </ul>
          </>
        )}
      </CursorList>
    </>
  );
}
