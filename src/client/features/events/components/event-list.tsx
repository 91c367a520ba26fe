import { Paginator } from '../../../components/ui/paginator';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CalendarX } from 'lucide-react';
import type { ReactNode } from 'react';
import type { EventCard as EventCardData, EventFilter } from '../../../../shared/events';
import { NoData } from '../../../components/feedback/no-data';
import { eventsQuery } from '../api/get-events';
import { EventCard } from './event-card';
import card from '../../../components/ui/card.module.css';
import styles from './events.module.css';

export interface EventListProps {
  filter: EventFilter;
  page?: number;
  size?: number;
  showFirm?: boolean;
  onPage?: (page: number) => void;
  renderSave?: (event: EventCardData) => ReactNode;
  emptyExplore?: boolean;
  /** 2 where the list sits right under the page's <h1> */
  headingLevel?: 2 | 3;
  /** the first card's picture is the page's main one (loaded at once; the scripts wait for it) */
  priorityFirst?: boolean;
}

/** A grid of event cards for a filter, with previous/next when there is more than one page. */
export function EventList({
  filter,
  page = 0,
  size,
  showFirm = true,
  onPage,
  renderSave,
  emptyExplore = true,
  headingLevel,
  priorityFirst = false,
}: EventListProps) {
  const { t } = useTranslation('event');
  const { data, isPending, isPlaceholderData } = useQuery(eventsQuery(filter, page, size));
  if (isPending)
    return (
      <div className={card.grid} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className={`${card.skeleton} ${styles.skeleton}`} />
        ))}
      </div>
    );
  if (!data) return null;
  if (data.totalElements === 0) return <NoData icon={CalendarX} message={t('noEvents')} showExplore={emptyExplore} />;
  return (
    <div data-testid="event-list">
      <ul className={card.grid} aria-busy={isPlaceholderData}>
        {data.content.map((event, index) => (
          <li key={event.id}>
            <EventCard
              event={event}
              showFirm={showFirm}
              saveSlot={renderSave?.(event)}
              headingLevel={headingLevel}
              priority={priorityFirst && index === 0}
            />
          </li>
        ))}
      </ul>
      {onPage && data.totalPages > 1 && (
        <Paginator
          page={page + 1}
          previousDisabled={data.first}
          nextDisabled={data.last}
          onPrevious={() => onPage(page - 1)}
          onNext={() => onPage(page + 1)}
        />
      )}
    </div>
  );
}
