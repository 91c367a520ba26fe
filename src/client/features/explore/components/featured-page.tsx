import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import type { FeaturedItem } from '../../../../shared/featured';
import { featuredTarget, ENTITY_TYPE } from '../../../../shared/entity-types';
import { NoData } from '../../../components/feedback/no-data';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { CardImage } from '../../../components/ui/card-image';
import { usePageTitle } from '../../../lib/page-head';
import { featuredQuery } from '../api/get-featured';
import card from '../../../components/ui/card.module.css';
import styles from './explore.module.css';

const TYPE_KEYS: Record<number, string> = {
  [ENTITY_TYPE.FIRM]: 'firm',
  [ENTITY_TYPE.EVENT]: 'event',
  [ENTITY_TYPE.BLOG]: 'blog',
  [ENTITY_TYPE.PRODUCT]: 'product',
  [ENTITY_TYPE.MENU_ITEM]: 'menuItem',
  [ENTITY_TYPE.ADDRESS]: 'address',
};

/** Featured page: a grid of at least 300 px columns; click rules per type code. */
export function FeaturedPage() {
  const { t } = useTranslation('explore');
  usePageTitle(t('featured'));
  const navigate = useNavigate();
  // spec: on failure the loading indicator stays on (the error is logged by the query)
  const { data } = useQuery({ ...featuredQuery(), retry: false });

  const open = (item: FeaturedItem) => {
    const target = featuredTarget(item);
    if (target === 'unsupported') {
      console.info('Unsupported Entity');
      return;
    }
    if (target) void navigate({ to: target });
  };

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('featured')}</h1>
      {!data ? (
        <PageSpinner />
      ) : data.length === 0 ? (
        <NoData icon={Sparkles} message={t('nothingYet')} />
      ) : (
        <ul className={`${card.grid} ${card.wide}`} data-testid="featured-grid">
          {data.map((item) => {
            const target = featuredTarget(item);
            const clickable = target !== null;
            return (
              <li key={`${item.entityTypeCode}-${item.entityShortId || item.entityName}`}>
                {(() => {
                  const body = (
                    <>
                      <CardImage image={item} aspect="4 / 3" sizes="(min-width: 1000px) 340px, (min-width: 640px) 50vw, 100vw" />
                      <span className={styles.featuredBody}>
                        <span className={styles.featuredKind}>{t(`type.${TYPE_KEYS[item.entityTypeCode] ?? 'other'}`)}</span>
                        <span className={styles.featuredName}>{item.entityName}</span>
                        {item.type?.name && <span className={styles.featuredType}>{item.type.name}</span>}
                      </span>
                    </>
                  );
                  // products, menu items and addresses do nothing on click: a card, not a button
                  return clickable ? (
                    <button
                      type="button"
                      className={`${card.card} ${card.lift} ${styles.featuredCard}`}
                      onClick={() => open(item)}
                      data-type={item.entityTypeCode}
                    >
                      {body}
                    </button>
                  ) : (
                    <div className={`${card.card} ${styles.featuredCard}`} data-type={item.entityTypeCode} data-inert="">
                      {body}
                    </div>
                  );
                })()}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
