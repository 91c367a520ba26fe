import { Paginator } from '../../../components/ui/paginator';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SearchX } from 'lucide-react';
import type { Industry } from '../../../../shared/explore';
import { pickName } from '../../../../shared/i18n';
import type { FirmCard } from '../../../../shared/firms';
import { NoData } from '../../../components/feedback/no-data';
import { CardImage } from '../../../components/ui/card-image';
import { firmsQuery, type FirmListParams } from '../api/get-firms';
import { industriesQuery } from '../../../lib/industries';
import card from '../../../components/ui/card.module.css';
import styles from './explore.module.css';

function categoryName(industries: Industry[], key: string, language: string): string {
  for (const industry of industries) {
    const found = industry.categories.find((c) => c.key === key);
    if (found) return pickName(found.names, language);
  }
  return '';
}

export function FirmCardView({
  firm,
  categoryLabel,
  saveSlot,
  priority = false,
}: {
  firm: FirmCard;
  categoryLabel: string;
  saveSlot?: ReactNode;
  priority?: boolean;
}) {
  const { t } = useTranslation('explore');
  return (
    <article className={`${card.card} ${card.lift}`}>
      <Link to="/$username" params={{ username: firm.username }} className={card.link}>
        <CardImage image={firm} priority={priority} />
        <div className={card.body}>
          <p className={styles.cardLabels}>
            {categoryLabel && <span className={styles.cardCategory}>{categoryLabel}</span>}
            <span className={firm.openNow ? styles.open : styles.closed} suppressHydrationWarning>
              {firm.openNow ? t('openNow') : t('closed')}
            </span>
          </p>
          <h2 dir="auto" className={card.title}>
            {firm.name}
          </h2>
          <p dir="auto" className={`${styles.cardSummary} ${card.clamp}`}>
            {firm.summary}
          </p>
          {(firm.city || firm.ratingAverage !== null) && (
            <p className={styles.cardCity}>
              {firm.ratingAverage !== null && (
                <span
                  className={styles.cardRating}
                  aria-label={t('ratingSummary', { average: firm.ratingAverage.toFixed(1), count: firm.ratingCount })}
                >
                  ★ {firm.ratingAverage.toFixed(1)} ({firm.ratingCount}){firm.city ? ' · ' : ''}
                </span>
              )}
              {firm.city}
            </p>
          )}
        </div>
      </Link>
      {saveSlot && <div className={card.corner}>{saveSlot}</div>}
    </article>
  );
}

/**
 * The firm cards of an explore page, with previous/next paging. Its data is there: the explore
 * routes' loader (routes/-explore) waits for the same list (a new page or filter navigates, and
 * the page stays until the loader has it). `priorityFirst`: the first card's picture is the page's
 * main one (loaded at once; the scripts wait for it, ssr/deferred-scripts.ts).
 */
export function FirmResults({
  params,
  onPage,
  renderSave,
  priorityFirst = false,
}: {
  params: FirmListParams;
  onPage: (page: number) => void;
  renderSave?: (firm: FirmCard) => ReactNode;
  priorityFirst?: boolean;
}) {
  const { t, i18n } = useTranslation('explore');
  const { data: industries } = useSuspenseQuery(industriesQuery());
  const { data } = useSuspenseQuery(firmsQuery(params));
  if (data.totalElements === 0) return <NoData icon={SearchX} message={t('noFirms')} showExplore={false} />;
  return (
    <div data-testid="firm-results">
      <p className={styles.count} aria-live="polite">
        {t('count', { count: data.totalElements })}
      </p>
      <ul className={card.grid}>
        {data.content.map((firm, index) => (
          <li key={firm.id}>
            <FirmCardView
              firm={firm}
              categoryLabel={categoryName(industries, firm.categoryKey, i18n.language)}
              saveSlot={renderSave?.(firm)}
              priority={priorityFirst && index === 0}
            />
          </li>
        ))}
      </ul>
      {data.totalPages > 1 && (
        <Paginator
          page={data.page + 1}
          previousDisabled={data.first}
          nextDisabled={data.last}
          onPrevious={() => onPage(data.page)}
          onNext={() => onPage(data.page + 2)}
        />
      )}
    </div>
  );
}
