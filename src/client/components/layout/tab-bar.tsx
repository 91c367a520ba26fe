import { useEffect, type MouseEvent } from 'react';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Compass, House, UserRound, type LucideIcon } from 'lucide-react';
import { useSessionStore } from '../../lib/session';
import { requireLogin } from '../../lib/login-popup';
import { useScrollVisibility } from '../../lib/scroll-visibility';
import { useHydrated } from '../../lib/use-hydrated';
import { activeTab, TAB_ROOTS, tabBarAllowed, tabTarget, TABS, useTabMemoryStore, type Tab } from '../../lib/tab-bar';
import styles from './tab-bar.module.css';

const ICONS: Record<Tab, LucideIcon> = { home: House, explore: Compass, profile: UserRound };

/** Whether the tab bar takes room at the bottom of the current page. */
export function useTabBarAllowed(): boolean {
  const pathname = useLocation({ select: (location) => location.pathname });
  const signedIn = useSessionStore((state) => state.status === 'signedIn');
  return tabBarAllowed(pathname, signedIn);
}

/**
 * Bottom tab bar: home, explore, profile. Hidden on some paths, active tab
 * from the first path segment, slides away on scroll down and back on scroll up, near the
 * bottom or near the top, and each tab returns to the route it was last on.
 */
export function TabBar() {
  const { t } = useTranslation();
  const router = useRouter();
  const location = useLocation();
  const status = useSessionStore((state) => state.status);
  const allowed = tabBarAllowed(location.pathname, status === 'signedIn');
  const visible = useScrollVisibility(allowed);
  const hydrated = useHydrated();
  const remembered = useTabMemoryStore((state) => state.last);
  const last = hydrated ? remembered : {}; // the server knows no tab memory
  const remember = useTabMemoryStore((state) => state.remember);
  const forget = useTabMemoryStore((state) => state.forget);
  const current = activeTab(location.pathname);
  const href = location.href;

  // Remember where each tab was, but only pages that show the bar.
  useEffect(() => {
    if (allowed) remember(href);
  }, [allowed, href, remember]);

  if (!allowed) return null;

  const go = async (tab: Tab, event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (tab === 'profile' && status !== 'signedIn') {
      requireLogin();
      return;
    }
    if (tab === current) {
      // Tapping the active tab goes to its root, or to the top when already there.
      if (location.pathname === TAB_ROOTS[tab]) window.scrollTo({ top: 0, behavior: 'smooth' });
      else void router.navigate({ href: TAB_ROOTS[tab] });
      return;
    }
    const target = tabTarget(tab, last);
    const fallBack = () => {
      forget(tab);
      return router.navigate({ href: TAB_ROOTS[tab] });
    };
    if (target === TAB_ROOTS[tab]) {
      await router.navigate({ href: target });
      return;
    }
    try {
      await router.navigate({ href: target });
      const failed = router.state.matches.some((match) => match.status === 'error' || match.status === 'notFound' || match._notFound);
      if (failed) await fallBack();
    } catch {
      await fallBack();
    }
  };

  return (
    <nav className={styles.bar} data-hidden={!visible || undefined} aria-label={t('tabs.label')} inert={!visible}>
      <ul className={styles.list}>
        {TABS.map((tab) => {
          const Icon = ICONS[tab];
          const active = tab === current;
          return (
            <li key={tab}>
              <a
                href={tab === 'profile' && status !== 'signedIn' ? TAB_ROOTS.profile : tabTarget(tab, last)}
                className={styles.tab}
                aria-current={active ? 'page' : undefined}
                onClick={(event) => void go(tab, event)}
                data-tab={tab}
              >
                <span className={styles.iconWrap}>
                  <Icon size={22} strokeWidth={active ? 2.4 : 1.9} aria-hidden="true" />
                </span>
                <span className={styles.label}>{t(`nav.${tab}`)}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
