import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CalendarDays, Newspaper, Store, UserPlus, type LucideIcon } from 'lucide-react';
import type { UpdateItem } from '../../../../shared/updates';
import { NoData } from '../../../components/feedback/no-data';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { SubPage } from '../../../components/layout/sub-page';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { updatesQuery } from '../api/account';
import styles from './settings.module.css';

const ICONS: Record<UpdateItem['kind'], LucideIcon> = { event: CalendarDays, post: Newspaper, friend: UserPlus, follow: Store };

/** `/profile/updates`: followed firms' new events and posts, friends' public activity. */
export function UpdatesPage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const f = useFormatters();
  const updates = useQuery({ ...updatesQuery(user?.id ?? ''), enabled: Boolean(user) });
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
    <SubPage title={t('updates.title')} intro={t('updates.subtitle')}>
      {!updates.data ? (
        <PageSpinner />
      ) : updates.data.length === 0 ? (
        <NoData message={t('updates.empty')} hint={t('updates.emptyHint')} />
      ) : (
        <ul className={styles.plainList}>
          {updates.data.map((item) => {
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
      )}
    </SubPage>
  );
}
