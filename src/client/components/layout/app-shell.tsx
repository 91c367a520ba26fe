import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useShellChromeStore } from '../../lib/shell-chrome';
import { firstSegment } from '../../lib/tab-bar';
import { PageSpinner } from '../feedback/page-spinner';
import { useHydrated } from '../../lib/use-hydrated';
import { ShellHeader } from './header-bar';
import { TabBar, useTabBarAllowed } from './tab-bar';
import { Footer } from './footer';
import styles from './app-shell.module.css';

const Layers = lazy(() => import('../feedback/layers'));

/** Paths that are tools rather than pages: no site footer. */
const NO_FOOTER = new Set(['workspace', 'login', 'signup', 'password', 'google', 'fladmin']);

/**
 * The root shell: header, the routed page, footer, bottom tab bar, and the
 * layers above them (offline overlay, update prompt, toasts, login popup, image modal,
 * confirmation dialog).
 *
 * What pages and features call (none of them render shell parts themselves):
 *   toast.success/error/info/warn(message, title?, timeout?)   lib/toast-store
 *   await confirm({ message, title, okText, cancelText, showCancel, danger })   lib/confirm-store
 *   requireLogin(reason?)                                      lib/login-popup (signed-out actions)
 *   openImage(src, alt)                                        lib/image-modal-store
 *   share({ title, text, url })                                lib/share
 *   usePageTitle(title, description?)                          lib/page-head   → "title — Souk"
 *   useShellHeader({ type: 'close', title, onClose? } | { type: 'titleWithImage', title, image, to? }
 *                  | { type: 'simple' } | { type: 'none' })    lib/shell-chrome
 *   useHideFooter()                                            lib/shell-chrome
 *   <Modal open onClose title? ...>  <Button variant>  buttonClass()   components/ui
 *   <NoData message? showExplore? exploreTo?>                 components/feedback/no-data
 */
export function AppShell() {
  const { t } = useTranslation();
  const segment = useLocation({ select: (location) => firstSegment(location.pathname) });
  const footerWanted = useShellChromeStore((state) => state.footer);
  const tabBar = useTabBarAllowed();
  const showFooter = footerWanted && !NO_FOOTER.has(segment);
  // the layers and live events load after the page is live (not in the entry, not in the server HTML)
  const hydrated = useHydrated();

  return (
    <div className={styles.shell} data-tabbar={tabBar ? '' : undefined}>
      <a className={styles.skip} href="#main">
        {t('shell.skipToContent')}
      </a>
      <ShellHeader />
      {/* The footer waits with the page: drawn under a spinner, it would jump down when the page arrives. */}
      <Suspense
        fallback={
          <Main>
            <PageSpinner />
          </Main>
        }
      >
        <Main>
          <Outlet />
        </Main>
        {showFooter && <Footer />}
      </Suspense>
      <TabBar />
      {hydrated && (
        <Suspense fallback={null}>
          <Layers />
        </Suspense>
      )}
    </div>
  );
}

function Main({ children }: { children: ReactNode }) {
  return (
    <main id="main" className={styles.main} tabIndex={-1}>
      {children}
    </main>
  );
}
