import { useDeferredValue, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Search, Users } from 'lucide-react';
import type { Person } from '../../../../shared/people';
import { NoData } from '../../../components/feedback/no-data';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { SubPage } from '../../../components/layout/sub-page';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { PillTabs } from '../../../components/ui/pill-tabs';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { peopleQuery, type PeopleList } from '../api/get-people';
import { FriendActions } from './friend-actions';
import styles from './people.module.css';

export type PeopleTab = 'friends' | 'requests' | 'sent' | 'find' | 'blocked';
const LIST_OF: Record<PeopleTab, PeopleList> = {
  friends: 'friends',
  requests: 'incoming',
  sent: 'sent',
  find: 'discover',
  blocked: 'blocked',
};

/** `/profile/people`: friends, requests received and sent, people to find, and the people one blocked; with search. */
export function PeoplePage({ tab }: { tab: PeopleTab }) {
  const { t } = useTranslation('people');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchName = useDeferredValue(search.trim());
  const searchable = tab === 'friends' || tab === 'find';
  const list = useQuery({ ...peopleQuery(user?.id ?? '', LIST_OF[tab], searchable ? searchName : ''), enabled: Boolean(user) });
  const incoming = useQuery({ ...peopleQuery(user?.id ?? '', 'incoming'), enabled: Boolean(user) });
  const friends = useQuery({ ...peopleQuery(user?.id ?? '', 'friends'), enabled: Boolean(user) });

  const tabs = [
    { key: 'friends' as const, label: t('tabs.friends') },
    { key: 'requests' as const, label: t('tabs.requests'), count: incoming.data?.totalElements },
    { key: 'sent' as const, label: t('tabs.sent') },
    { key: 'find' as const, label: t('tabs.find') },
    { key: 'blocked' as const, label: t('tabs.blocked') },
  ];

  return (
    <SubPage title={t('title')} subtitle={t('subtitle', { count: friends.data?.totalElements ?? user?.totalFriends ?? 0 })} width="wide">
      <PillTabs
        idPrefix="people-tab"
        label={t('title')}
        selected={tab}
        tabs={tabs}
        onSelect={(key) => void navigate({ to: '/profile/people', search: key === 'friends' ? {} : { tab: key }, replace: true })}
      />
      <div role="tabpanel" aria-labelledby={`people-tab-${tab}`}>
        {searchable && (
          <label className={styles.search}>
            <Search size={18} aria-hidden="true" />
            <span className="visually-hidden">{t('searchLabel')}</span>
            <input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={tab === 'find' ? t('searchPeople') : t('searchFriends')}
              maxLength={100}
              autoComplete="off"
              data-testid="people-search"
            />
          </label>
        )}
        {!list.data ? (
          <PageSpinner />
        ) : list.data.content.length === 0 ? (
          <NoData icon={Users} message={searchable && searchName ? t('noMatches') : t(`empty.${tab}`)} showExplore={false} />
        ) : (
          <ul className={styles.list} data-testid={`people-${tab}`} aria-busy={list.isFetching}>
            {list.data.content.map((person) => (
              <PersonRow key={person.id} person={person} />
            ))}
          </ul>
        )}
      </div>
    </SubPage>
  );
}

function PersonRow({ person }: { person: Person }) {
  const { t } = useTranslation('people');
  const f = useFormatters();
  return (
    <li className={styles.row} data-testid="person" data-wide={person.friendship === 'incoming' || undefined}>
      <Link to="/profile/$flip" params={{ flip: person.flip }} className={styles.who}>
        <PersonAvatar name={person.name} imagePath={person.imagePath} size={48} />
        <span className={styles.whoText}>
          <span className={styles.whoName}>{person.name}</span>
          <span className={styles.whoMeta}>
            @{person.flip}
            {person.since && ` · ${t(person.friendship === 'blocking' ? 'blockedSince' : 'since', { when: f.relative(person.since) })}`}
          </span>
        </span>
      </Link>
      <FriendActions person={{ id: person.id, name: person.name, friendship: person.friendship ?? 'friends' }} size="small" />
    </li>
  );
}
