import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/content/page-header';
import { usePageTitle } from '../../../../lib/page-head';
import { ABOUT_TABS, hashForTab, tabForKey, tabFromHash, type AboutTab } from './about-tabs';
import { OverviewPanel, EthicsPanel, CareersPanel, NewsPanel, CreditsPanel } from './about-panels';
import shared from '../../../../components/content/content-page.module.css';
import styles from './about.module.css';

const PANELS: Record<AboutTab, () => React.JSX.Element> = {
  overview: OverviewPanel,
  ethics: EthicsPanel,
  careers: CareersPanel,
  news: NewsPanel,
  credits: CreditsPanel,
};

const subscribeNothing = () => () => {};

/**
 * /about with five tabs. The active tab is the URL fragment ('' is the overview): choosing a
 * tab rewrites the fragment, and an unknown fragment sends the reader back to /about.
 */
export function AboutPage() {
  const { t, i18n } = useTranslation('pages');
  const routerHash = useLocation({ select: (location) => location.hash });
  // The server never sees the fragment, so it renders the overview; hydrate that same markup,
  // then switch to the fragment's tab. Client-only renders read the fragment straight away.
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const hash = hydrated ? routerHash : '';
  const navigate = useNavigate();
  const tabRefs = useRef(new Map<AboutTab, HTMLButtonElement>());
  const known = tabFromHash(hash);
  const active: AboutTab = known ?? 'overview';

  usePageTitle(t('about.meta.title'), t('about.meta.description'));

  useEffect(() => {
    if (known === undefined) {
      void navigate({ to: '/about', hash: undefined, replace: true, resetScroll: false });
    }
  }, [known, navigate]);

  const select = (tab: AboutTab, focus = false) => {
    if (focus) tabRefs.current.get(tab)?.focus();
    if (tab === active) return;
    const fragment = hashForTab(tab);
    void navigate({
      to: '/about',
      hash: fragment || undefined,
      replace: true,
      resetScroll: false,
      hashScrollIntoView: false,
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = i18n.dir(i18n.resolvedLanguage) === 'rtl';
    const next = tabForKey(active, event.key, rtl);
    if (!next) return;
    event.preventDefault();
    select(next, true);
  };

  return (
    <div className={shared.page}>
      <PageHeader eyebrow={t('about.eyebrow')} title={t('about.title')} lead={t('about.lead')} />
      {/* roving focus: the selected tab is the one focusable stop and its arrow keys bubble up to the list */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div role="tablist" aria-label={t('about.tabsLabel')} className={styles.tablist} onKeyDown={onKeyDown}>
        {ABOUT_TABS.map((tab) => (
          <button
            key={tab}
            ref={(node) => {
              if (node) tabRefs.current.set(tab, node);
              else tabRefs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`about-tab-${tab}`}
            aria-controls={`about-panel-${tab}`}
            aria-selected={tab === active}
            tabIndex={tab === active ? 0 : -1}
            className={styles.tab}
            onClick={() => select(tab)}
          >
            {t(`about.tabs.${tab}`)}
          </button>
        ))}
      </div>
      {ABOUT_TABS.map((tab) => {
        const Panel = PANELS[tab];
        return (
          <div
            key={tab}
            role="tabpanel"
            id={`about-panel-${tab}`}
            aria-labelledby={`about-tab-${tab}`}
            hidden={tab !== active}
            tabIndex={0}
            className={styles.panel}
          >
            {tab === active ? <Panel /> : null}
          </div>
        );
      })}
    </div>
  );
}
