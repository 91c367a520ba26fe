import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Bookmark } from 'lucide-react';
import { ENTITY_TYPE, SAVABLE_TYPES, type SavableType } from '../../../../shared/entity-types';
import { NoData } from '../../../components/feedback/no-data';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { Paginator } from '../../../components/ui/paginator';
import { requireLogin } from '../../../lib/login-popup';
import { usePageTitle } from '../../../lib/page-head';
import { useCurrentUser, useSessionStore } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { savedByTypeQuery } from '../api/get-saved-by-type';
import { SavedToggle } from './saved-toggle';
import card from '../../../components/ui/card.module.css';
import styles from './saved.module.css';

const TAB_KEYS: Record<SavableType, string> = {
  [ENTITY_TYPE.FIRM]: 'firms',
  [ENTITY_TYPE.EVENT]: 'events',
  [ENTITY_TYPE.BLOG]: 'blog',
  [ENTITY_TYPE.PRODUCT]: 'products',
  [ENTITY_TYPE.MENU_ITEM]: 'menuItems',
};

/** `/profile/saved`: the signed-in user's saved items, one tab per entity type. */
export function SavedPage() {
  const { t } = useTranslation('saved');
  usePageTitle(t('title'));
  const user = useCurrentUser();
  const status = useSessionStore((state) => state.status);
  const f = useFormatters();
  const [type, setType] = useState<SavableType>(ENTITY_TYPE.FIRM);
  const [page, setPage] = useState(0);
  const list = useQuery({ ...savedByTypeQuery(user?.id ?? '', type, page), enabled: Boolean(user) });

  if (status === 'unknown') return <PageSpinner />;
  if (!user) {
    return (
      <section className={styles.page}>
        <h1>{t('title')}</h1>
        <NoData icon={Bookmark} message={t('signedOut')} showExplore={false}>
          <button type="button" className={styles.tab} onClick={() => requireLogin(t('loginToSave'))}>
            {t('logIn')}
          </button>
        </NoData>
      </section>
    );
  }

  return (
    <section className={styles.page}>
      <h1>{t('title')}</h1>
      <div role="tablist" aria-label={t('types')} className={styles.tabs}>
        {SAVABLE_TYPES.map((code) => (
          <button
            key={code}
            type="button"
            role="tab"
            aria-selected={type === code}
            className={styles.tab}
            onClick={() => {
              setType(code);
              setPage(0);
            }}
          >
            {t(`tabs.${TAB_KEYS[code]}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {!list.data ? (
          <PageSpinner />
        ) : list.data.content.length === 0 ? (
          <NoData icon={Bookmark} message={t('empty')} />
        ) : (
          <>
            <ul className={styles.list} data-testid="saved-list">
              {list.data.content.map((entry) => (
                <li key={entry.id} className={`${card.surface} ${card.compact} ${styles.row}`}>
                  <ResponsiveImage
                    path={entry.imagePath}
                    alt=""
                    width={entry.imageWidth}
                    height={entry.imageHeight}
                    color={entry.imageColor}
                    size="small"
                    aspect="1 / 1"
                    sizes="72px"
                  />
                  <div>
                    {entry.path ? (
                      <Link to={entry.path as '/'} className={styles.rowTitle}>
                        {entry.name}
                      </Link>
                    ) : (
                      <p className={styles.rowTitle}>{entry.name}</p>
                    )}
                    {entry.subtitle && <p className={styles.rowSub}>{entry.subtitle}</p>}
                    <p className={styles.rowSub} suppressHydrationWarning>
                      <time dateTime={entry.createdAt}>{t('savedAgo', { when: f.relative(entry.createdAt) })}</time>
                    </p>
                  </div>
                  <SavedToggle entityId={entry.entityId} entityTypeCode={entry.entityTypeCode as SavableType} name={entry.name} compact />
                </li>
              ))}
            </ul>
            {list.data.totalPages > 1 && (
              <Paginator
                page={list.data.page + 1}
                previousDisabled={list.data.first}
                nextDisabled={list.data.last}
                onPrevious={() => setPage((p) => p - 1)}
                onNext={() => setPage((p) => p + 1)}
              />
            )}
          </>
        )}
      </div>
    </section>
  );
}
