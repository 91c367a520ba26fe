import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Bell } from 'lucide-react';
import { useUnreadNotifications } from '../../lib/unread-notifications';
import controls from './header-controls.module.css';
import styles from './notification-bell.module.css';

/** The header's bell: the unread count, live; opens the inbox (`/profile/notifications`). */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadNotifications() ?? 0;
  const label = unread > 0 ? t('header.notificationsUnread', { count: unread }) : t('header.notifications');
  return (
    <Link
      to={'/profile/notifications' as '/'}
      className={`${controls.iconButton} ${styles.bell}`}
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      data-unread={unread}
    >
      <Bell size={20} aria-hidden="true" />
      {unread > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
