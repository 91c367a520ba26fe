import { useInfiniteQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Bell, CheckCheck } from 'lucide-react';
import type { InboxNotification } from '../../../../shared/notifications';
import { NoData } from '../../../components/feedback/no-data';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { notificationsQuery } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import styles from './notifications.module.css';

export function Inbox() {
  const { t, i18n } = useTranslation('notifications');
  const user = useCurrentUser();
  const router = useRouter();
  const f = useFormatters();
  const list = useInfiniteQuery({ ...notificationsQuery(user?.id ?? '', i18n.language), enabled: Boolean(user) });
  const markRead = useMarkRead(user?.id ?? '');

  if (list.isPending) return <PageSpinner />;
  if (list.isError) return <NoData message={t('loadFailed')} showExplore={false} />;
  const items = list.data.pages.flatMap((page) => page.content);
  const unread = list.data.pages[0]?.unread ?? 0;
  if (items.length === 0) return <NoData icon={Bell} message={t('empty')} hint={t('emptyHint')} />;

  const open = (item: InboxNotification) => {
    if (!item.readAt) markRead.mutate({ ids: [item.id] });
    void router.navigate({ href: item.link });
  };

  return (
    <>
      <div className={styles.toolbar}>
        <Button size="small" variant="ghost" onClick={() => markRead.mutate({ all: true })} disabled={unread === 0 || markRead.isPending}>
          <CheckCheck size={18} aria-hidden="true" />
          {t('markAllRead')}
        </Button>
      </div>
      <ul className={styles.list} data-testid="notification-list">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={item.link}
              className={styles.item}
              data-unread={!item.readAt || undefined}
              data-testid="notification"
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                open(item);
              }}
            >
              {item.actor ? (
                <PersonAvatar name={item.actor.name} imagePath={item.actor.imagePath} size={44} />
              ) : (
                <span className={styles.kindIcon} aria-hidden="true">
                  <Bell size={20} />
                </span>
              )}
              <span className={styles.text}>
                <span className={styles.itemTitle}>{item.title}</span>
                <span className={styles.itemBody}>{item.body}</span>
                <time className={styles.when} dateTime={item.createdAt}>
                  {f.relative(item.createdAt)}
                </time>
              </span>
              {!item.readAt && <span className={styles.dot} role="img" aria-label={t('unread')} />}
            </a>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <div className={styles.more}>
          <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {t('more')}
          </Button>
        </div>
      )}
    </>
  );
}
