import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ENTITY_TYPE } from '../../../shared/entity-types';
import { ExploreHeader, SEGMENT_INDUSTRY, type ExploreSearch, type ExploreSegment } from '../../features/explore/components/explore-header';
import { FirmResults, firmListParams } from '../../features/explore/components/firm-results';
import { firmsQuery } from '../../features/explore/api/get-firms';
import { industriesQuery } from '../../features/explore/api/get-industries';
import { EventList } from '../../features/events/components/event-list';
import { eventsQuery, EVENTS_PAGE_SIZE } from '../../features/events/api/get-events';
import { SavedToggle } from '../../features/saved/components/saved-toggle';
import { usePageTitle } from '../../lib/page-title';
import { preloadNamespaces } from './public-url';
import styles from '../../features/explore/components/explore.module.css';

export const exploreSearchSchema = z.object({
  name: z.string().max(100).optional().catch(undefined),
  openNow: z.boolean().optional().catch(undefined),
  age: z.number().int().min(0).max(150).optional().catch(undefined),
  page: z.number().int().min(1).max(10_000).optional().catch(undefined),
});

const PREVIEW_EVENTS = 3;

function industryKeyOf(segment: ExploreSegment): string | undefined {
  return segment === 'explore' || segment === 'category' || segment === 'events' ? undefined : SEGMENT_INDUSTRY[segment];
}

/** What an explore page shows first: industries, then its firm or event page (cached for offline). */
export async function loadExplore(queryClient: QueryClient, segment: ExploreSegment, category: string | undefined, search: ExploreSearch) {
  const industries = Promise.all([queryClient.ensureQueryData(industriesQuery()), preloadNamespaces(['explore', 'event', 'saved'])]);
  if (segment === 'events') {
    await Promise.all([industries, queryClient.ensureQueryData(eventsQuery({ type: category }, (search.page ?? 1) - 1, EVENTS_PAGE_SIZE))]);
    return;
  }
  const params = firmListParams({ ...search, industryKey: industryKeyOf(segment), categoryKey: category });
  await Promise.all([
    industries,
    queryClient.ensureQueryData(firmsQuery(params)),
    segment === 'explore' ? queryClient.ensureQueryData(eventsQuery({}, 0, PREVIEW_EVENTS)) : null,
  ]);
}

/** One component for every explore route: /explore, /food[/x], /shop[/x], /services[/x], /category/x, /events[/x]. */
export function ExploreRoute({ segment }: { segment: ExploreSegment }) {
  const { t } = useTranslation('explore');
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
        />
      ) : (
        <>
          {segment === 'explore' && !search.name && !search.openNow && !search.age && (search.page ?? 1) === 1 && (
            <section className={styles.section} style={{ marginBlock: '0 var(--space-6)' }} aria-labelledby="upcoming-title">
              <div className={styles.sectionHead}>
                <h2 id="upcoming-title">{t('upcoming')}</h2>
                <Link to="/events">{t('allEvents')}</Link>
              </div>
              <EventList filter={{}} size={PREVIEW_EVENTS} emptyExplore={false} />
            </section>
          )}
          <FirmResults
            params={firmListParams({ ...search, industryKey: industryKeyOf(segment), categoryKey: category })}
            onPage={setPage}
            renderSave={(firm) => <SavedToggle entityId={firm.id} entityTypeCode={ENTITY_TYPE.FIRM} name={firm.name} compact />}
          />
        </>
      )}
    </div>
  );
}
