import { lazy, Suspense } from 'react';
import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import controls from './header-controls.module.css';
import { useFeature, useFeatureFlagStore } from '../../lib/feature-flags';
import { useHydrated } from '../../lib/use-hydrated';
import { loginHref } from '../../lib/login-popup';
import { useSessionStore } from '../../lib/session';
import { useShellChromeStore, type HeaderConfig } from '../../lib/shell-chrome';
import { mediaUrl } from '../../../shared/media';
import { Button } from '../ui/button';
import { Logo } from './logo';
import { LanguagePicker } from './language-picker';
import { ThemeToggle } from './theme-toggle';
import styles from './header-bar.module.css';

const NotificationBell = lazy(() => import('./notification-bell').then((module) => ({ default: module.NotificationBell })));

/** Desktop navigation; on phones the tab bar does this job. */
const NAV_LINKS = [
  { to: '/explore', key: 'nav.explore' },
  { to: '/events', key: 'nav.events' },
  { to: '/blog', key: 'nav.blog' },
  { to: '/showcase', key: 'nav.featured' },
] as const;

function Brand({ badge }: { badge?: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={styles.brand} aria-label={t('header.home', { app: t('appName') })}>
      <Logo size={32} className={styles.logo} />
      <span className={styles.appName}>{t('appName')}</span>
      {badge && <span className={styles.badge}>{badge}</span>}
    </Link>
  );
}

/**
 * The signed-in member's way to their profile: their picture, or their initials. Initials are visible text, so
 * they are part of the link's name (what a speech user says to follow it).
 */
function ProfileLink({ user }: { user: { firstName: string; lastName: string; imagePath?: string | null } }) {
  const { t } = useTranslation();
  const initials = (user.firstName[0] ?? '') + (user.lastName[0] ?? '');
  return (
    <Link
      to={'/profile' as '/'}
      className={styles.avatar}
      aria-label={user.imagePath ? t('header.profile') : t('header.profileInitials', { initials })}
      title={`${user.firstName} ${user.lastName}`}
    >
      {user.imagePath ? <img src={mediaUrl(user.imagePath, 'small')} alt="" width={36} height={36} /> : <span>{initials}</span>}
    </Link>
  );
}

/** The main header bar: logo and name, desktop links, language, theme, and Login/Signup or the avatar. */
export function HeaderBar({ badge }: { badge?: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const location = useLocation();
  const status = useSessionStore((state) => state.status);
  const user = useSessionStore((state) => state.user);
  // Until the flags have loaded (and while hydrating) the buttons stay usable: no 'disabled' flash.
  const hydrated = useHydrated();
  const flagsKnown = useFeatureFlagStore((state) => state.loaded) && hydrated;
  const loginFlag = useFeature('LOGIN');
  const signupFlag = useFeature('SIGNUP');
  const loginOn = !flagsKnown || loginFlag;
  const signupOn = !flagsKnown || signupFlag;

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Brand badge={badge} />
        <nav className={styles.nav} aria-label={t('header.navLabel')}>
          {NAV_LINKS.map((link) => (
            <Link key={link.to} to={link.to as '/explore'} className={styles.navLink} activeProps={{ 'aria-current': 'page' }}>
              {t(link.key)}
            </Link>
          ))}
        </nav>
        <div className={styles.actions}>
          <Link
            to="/search"
            className={controls.iconButton}
            aria-label={t('header.search')}
            title={t('header.search')}
            data-testid="header-search"
          >
            <Search size={20} aria-hidden="true" />
          </Link>
          <LanguagePicker />
          <ThemeToggle />
          {/* the bell (and its live count) is not in the entry: it arrives once the page is live */}
          {status === 'signedIn' && user && hydrated && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          {status === 'signedIn' && user ? (
            <ProfileLink user={user} />
          ) : (
            <div className={styles.auth}>
              <Button
                variant="ghost"
                size="small"
                disabled={!loginOn}
                title={loginOn ? undefined : t('login.unavailable')}
                onClick={() => void router.navigate({ href: loginHref(location.pathname, location.searchStr) })}
                data-testid="header-login"
              >
                {t('header.login')}
              </Button>
              <Button
                variant="primary"
                size="small"
                disabled={!signupOn}
                title={signupOn ? undefined : t('header.signupUnavailable')}
                onClick={() => void router.navigate({ href: '/signup' })}
                data-testid="header-signup"
              >
                {t('header.signup')}
              </Button>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}

/** Simple header: the app name with an optional badge, linking to /. */
export function SimpleHeader({ badge }: { badge?: string }) {
  return (
    <header className={`${styles.header} ${styles.simple}`}>
      <div className={`${styles.inner} ${styles.narrow}`}>
        <Brand badge={badge} />
      </div>
    </header>
  );
}

type DynamicConfig = Extract<HeaderConfig, { type: 'titleWithImage' | 'close' }>;

/**
 * The dynamic headers ('titleWithImage', 'close') load when a page asks for one (useShellHeader), not
 * with the entry: the public pages use the bar.
 */
const LazyDynamicHeader = lazy(() => import('./dynamic-header').then((module) => ({ default: module.DynamicHeader })));
function DynamicHeader({ config }: { config: DynamicConfig }) {
  return (
    <Suspense fallback={<SimpleHeader />}>
      <LazyDynamicHeader config={config} />
    </Suspense>
  );
}

/** The header the current page asked for (see useShellHeader), the bar by default. */
export function ShellHeader() {
  const header = useShellChromeStore((state) => state.header);
  switch (header.type) {
    case 'none':
      return null;
    case 'simple':
      return <SimpleHeader badge={header.badge} />;
    case 'titleWithImage':
    case 'close':
      return <DynamicHeader config={header} />;
    default:
      return <HeaderBar badge={header.badge} />;
  }
}
