import { Link, useMatch, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ENTITY_TYPE } from '../../../shared/entity-types';
import { ExploreHeader } from '../../features/explore/components/explore-header';
import { FirmResults } from '../../features/explore/components/firm-results';
import { firmListParams } from '../../features/explore/api/get-firms';
import { industryKeyOf, type ExploreSearch, type ExploreSegment } from '../../features/explore/segments';
import { EventList } from '../../features/events/components/event-list';
import { EVENTS_PAGE_SIZE } from '../../features/events/api/get-events';
import { SavedToggle } from '../../features/saved/components/saved-toggle';
import { usePageTitle } from '../../lib/page-head';
import { PREVIEW_EVENTS } from './explore-loader';
import styles from '../../features/explore/components/explore.module.css';

/**
 * The page of every explore route (/explore, /food[/x], /shop[/x], /services[/x], /category/x,
 * /events[/x]): the explore header over the firm results, or the event list on /events. Which
 * segment it shows is its route's (explore-route.ts).
 */
export function ExplorePage() {
  const { t } = useTranslation('explore');
  const segment: ExploreSegment = useMatch({ strict: false, select: (match) => match.staticData.exploreSegment }) ?? 'explore';
  const params = useParams({ strict: false }) as { category?: string };
  const search = useSearch({ strict: false }) as ExploreSearch;
  const navigate = useNavigate();
  const category = params.category;
  usePageTitle(t(`titles.${segment}`));

  const setSearch = (next: ExploreSearch) =>
    void navigate({ to: '.', search: Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as never, replace: true });
  const setPage = (page: number) => {
    setSearch({ ...search, page: page > 1 ? page : undefined });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  // /explore without filters starts with the upcoming events; their first picture is the main one
  const showUpcoming = segment === 'explore' && !search.name && !search.openNow && !search.age && (search.page ?? 1) === 1;

  return (
    <div className={styles.page}>
      <ExploreHeader segment={segment} category={category} search={search} onSearch={setSearch} showFirmFilters={segment !== 'events'} />
      {segment === 'events' ? (
        <EventList
          filter={{ type: category }}
          page={(search.page ?? 1) - 1}
          size={EVENTS_PAGE_SIZE}
          onPage={(page) => setPage(page + 1)}
          renderSave={(event) => <SavedToggle entityId={event.id} entityTypeCode={ENTITY_TYPE.EVENT} name={event.name} compact />}
          headingLevel={2}
          priorityFirst
        />
      ) : (
        <>
          {showUpcoming && (
            <section className={styles.section} style={{ marginBlock: '0 var(--space-6)' }} aria-labelledby="upcoming-title">
              <div className={styles.sectionHead}>
                <h2 id="upcoming-title">{t('upcoming')}</h2>
                <Link to="/events">{t('allEvents')}</Link>
              </div>
              <EventList filter={{}} size={PREVIEW_EVENTS} emptyExplore={false} priorityFirst />
            </section>
          )}
          <FirmResults
            params={firmListParams({ ...search, industryKey: industryKeyOf(segment), categoryKey: category })}
            onPage={setPage}
            renderSave={(firm) => <SavedToggle entityId={firm.id} entityTypeCode={ENTITY_TYPE.FIRM} name={firm.name} compact />}
            priorityFirst={!showUpcoming}
          />
        </>
      )}
    </div>
  );
}
