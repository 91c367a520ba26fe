import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { industryKeyOf, isKnownCategory, type ExploreSearch, type ExploreSegment } from '../../features/explore/segments';
import { firmListParams, firmsQuery } from '../../features/explore/api/get-firms';
import { industriesQuery } from '../../lib/industries';
import { eventsQuery, EVENTS_PAGE_SIZE } from '../../features/events/api/get-events';
import { preloadNamespaces } from '../../lib/i18n';

/** Upcoming events shown above the firms on /explore. */
export const PREVIEW_EVENTS = 3;

/**
 * What an explore page shows first: industries, then its firm or event page (cached for offline).
 * Apart from the page's component (explore-page.tsx) so that the route tree, in the entry chunk,
 * stays free of UI.
 */
export async function loadExplore(queryClient: QueryClient, segment: ExploreSegment, category: string | undefined, search: ExploreSearch) {
  const industries = Promise.all([queryClient.ensureQueryData(industriesQuery()), preloadNamespaces(['explore', 'event', 'saved'])]);
  // an unknown category is a 404 (not an empty list that looks like a real one)
  if (category !== undefined && !isKnownCategory((await industries)[0], segment, category)) throw notFound();
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
