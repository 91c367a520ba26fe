import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CalendarDays, Newspaper, Store, UserPlus, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UpdateItem } from '../../../../shared/updates';
import { NoData } from '../../../components/feedback/no-data';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { SubPage } from '../../../components/layout/sub-page';
import { usePageTitle } from '../../../lib/page-head';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { updatesQuery } from '../api/account';
import styles from './settings.module.css';

const ICONS: Record<UpdateItem['kind'], LucideIcon> = { event: CalendarDays, post: Newspaper, friend: UserPlus, follow: Store };

/** The signed-in member's feed: read once, then kept on the device (offline after one visit). */
function useUpdates() {
  const user = useCurrentUser();
  return useQuery({ ...updatesQuery(user?.id ?? ''), enabled: Boolean(user) });
}

/** Followed firms' new events and posts and friends' public activity, newest first. */
function UpdatesList({ items }: { items: UpdateItem[] }) {
  const { t } = useTranslation('settings');
  const f = useFormatters();
  const line = (item: UpdateItem) => {
    switch (item.kind) {
      case 'event':
        return t('updates.event', { firm: item.firm?.name, name: item.subject });
      case 'post':
        return t('updates.post', { firm: item.firm?.name, name: item.subject });
      case 'friend':
        return t('updates.friend', { person: item.actor?.name, name: item.subject });
      case 'follow':
        return t('updates.follow', { person: item.actor?.name, firm: item.firm?.name });
    }
  };
  return (
    <ul className={styles.plainList}>
      {items.map((item) => {
        const Icon = ICONS[item.kind];
        return (
          <li key={`${item.kind}:${item.link}:${item.actor?.flip ?? ''}:${item.at}`}>
            <Link to={item.link as '/'} className={styles.linkRow} data-testid="update">
              <Icon size={22} aria-hidden="true" />
              <span className={styles.linkText}>
                <span>{line(item)}</span>
                <span className={styles.linkHint}>
                  {item.kind === 'event' && item.startDateTime && item.timezone
                    ? `${f.dateTime(item.startDateTime, item.timezone)} · `
                    : ''}
                  {f.relative(item.at)}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** `/profile/updates`: followed firms' new events and posts, friends' public activity. */
export function UpdatesPage() {
  const { t } = useTranslation('settings');
  const updates = useUpdates();
  return (
    <SubPage title={t('updates.title')} intro={t('updates.subtitle')}>
      {!updates.data ? (
        <PageSpinner />
      ) : updates.data.length === 0 ? (
        <NoData message={t('updates.empty')} hint={t('updates.emptyHint')} />
      ) : (
        <UpdatesList items={updates.data} />
      )}
    </SubPage>
  );
}

/**
 * `/` signed in: the member's feed, with `actions` (explore, create a business) above it; a member who follows
 * nobody yet (or whose feed is quiet) sees `empty`, the invitation to discover.
 */
export function HomeFeed({ empty, actions }: { empty: ReactNode; actions: ReactNode }) {
  const { t } = useTranslation('settings');
  const updates = useUpdates();
  usePageTitle(t('updates.home'));
  if (!updates.data) return <PageSpinner />;
  if (updates.data.length === 0) return empty;
  return (
    <div className={styles.homeFeed}>
      <header className={styles.homeFeedHeader}>
        <h1>{t('updates.home')}</h1>
        {actions}
      </header>
      <UpdatesList items={updates.data} />
    </div>
  );
}
