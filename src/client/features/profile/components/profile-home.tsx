import { useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Briefcase, ChevronRight, LogOut, MessagesSquare, MonitorSmartphone, Pencil, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/page-head';
import { logout, useCurrentUser } from '../../../lib/session';
import { ProfileAvatar } from './avatar';
import styles from './profile.module.css';

/** The profile sub-pages; a link shows once its route exists in the app. */
const SUB_PAGES: { path: string; key: string; icon?: LucideIcon }[] = [
  { path: '/profile/edit', key: 'links.edit', icon: Pencil },
  // the businesses I work for (the workspace's entrance)
  { path: '/business', key: 'links.business', icon: Briefcase },
  { path: '/profile/settings', key: 'links.settings' },
  { path: '/profile/saved', key: 'links.saved' },
  { path: '/profile/orders', key: 'links.orders' },
  { path: '/profile/bookings', key: 'links.bookings' },
  { path: '/profile/cart', key: 'links.cart' },
  { path: '/profile/following', key: 'links.following' },
  { path: '/profile/people', key: 'links.people' },
  { path: '/profile/messages', key: 'links.messages', icon: MessagesSquare },
  { path: '/profile/updates', key: 'links.updates' },
  { path: '/profile/notifications', key: 'links.notifications' },
  { path: '/profile/payments', key: 'links.payments' },
  { path: '/profile/addresses', key: 'links.addresses' },
  { path: '/profile/preferences', key: 'links.preferences' },
  { path: '/profile/privacy', key: 'links.privacy' },
  { path: '/profile/account', key: 'links.account' },
  { path: '/profile/sessions', key: 'links.sessions', icon: MonitorSmartphone },
  { path: '/profile/help', key: 'links.help' },
  { path: '/profile/version', key: 'links.version' },
];

export function ProfileHome() {
  const { t } = useTranslation('profile');
  const user = useCurrentUser();
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  usePageTitle(t('title'));
  if (!user) return null;
  const routes = router.routesByPath as unknown as Record<string, unknown>;
  const links = SUB_PAGES.filter((page) => page.path in routes);

  const logOut = async () => {
    setLeaving(true);
    await logout();
    await router.navigate({ to: '/', replace: true });
  };

  return (
    <section className={styles.page} aria-labelledby="profile-name">
      <div className={styles.hero}>
        <ProfileAvatar user={user} />
        <div>
          <h1 className={styles.name} id="profile-name">
            {user.firstName} {user.lastName}
          </h1>
          <p className={styles.meta}>@{user.flip}</p>
          <p className={styles.meta}>{t('friends', { count: user.totalFriends })}</p>
        </div>
        <div className={styles.heroActions}>
          <Button onClick={logOut} disabled={leaving} block>
            <LogOut size={18} aria-hidden="true" className="flip-rtl" />
            {t('logout')}
          </Button>
        </div>
      </div>
      <nav aria-label={t('menuLabel')}>
        <ul className={styles.menu}>
          {links.map(({ path, key, icon: Icon }) => (
            <li key={path}>
              <Link to={path as '/profile/edit'} className={styles.menuLink}>
                {Icon && <Icon size={20} aria-hidden="true" />}
                {t(key)}
                <ChevronRight size={18} aria-hidden="true" className={`${styles.chevron} flip-rtl`} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
