import { ensureFound } from '../lib/ensure-found';
import { lazy, Suspense } from 'react';
import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ENTITY_TYPE } from '../../shared/entity-types';
import { summarize } from '../../shared/summary';
import { eventQuery } from '../features/events/api/get-event';
import { EventDetail, EventNotFound } from '../features/events/components/event-detail';
import { SavedToggle } from '../features/saved/components/saved-toggle';
import { HERO_SIZES } from '../components/ui/hero-sizes';
import { formatPageTitle, pageHead } from '../lib/page-head';
import { usePublicOrigin } from '../lib/share';
import { preloadNamespaces } from '../lib/i18n';
import { PageSpinner } from '../components/feedback/page-spinner';
import { usePageView } from '../lib/page-view';
import { eventSearch } from '../lib/search-params';

/** The purchase form (and its checkout code) loads when someone buys, never with the public page. */
const PurchaseForm = lazy(() => import('../features/tickets/components/purchase-form'));

/** `/event/{shortId}`: loading, then 'Event not found.' (a 404) or the detail; a load failure goes to /events. */
export const Route = createFileRoute('/event/$shortId')({
  validateSearch: eventSearch,
  loader: async ({ context: { queryClient }, params }) => {
    let event;
    try {
      [event] = await Promise.all([ensureFound(queryClient, eventQuery(params.shortId)), preloadNamespaces(['event', 'saved'])]);
    } catch (error) {
      console.error('Failed to load event', error);
      throw redirect({ to: '/events' });
    }
    // a missing or unpublished event is an HTTP 404 from the server render, so crawlers do not index it
    if (!event) throw notFound();
    return {
      name: event.name,
      description: summarize(event.description),
      imagePath: event.imagePath,
      imageWidth: event.imageWidth,
      shortId: event.shortId,
    };
  },
  head: ({ loaderData }) =>
    loaderData
      ? pageHead({
          title: loaderData.name,
          description: loaderData.description,
          hero: { path: loaderData.imagePath, sizes: HERO_SIZES.event, width: loaderData.imageWidth },
          path: `/event/${loaderData.shortId}`,
        })
      : { meta: [{ title: formatPageTitle('Event not found') }] },
  component: EventPage,
  notFoundComponent: EventNotFound,
});

function EventPage() {
  const origin = usePublicOrigin();
  const { shortId } = Route.useParams();
  const { tier } = Route.useSearch();
  usePageView('event', shortId);
  const { data: event } = useSuspenseQuery(eventQuery(shortId));
  if (!event) return null;
  return (
    <EventDetail
      event={event}
      publicUrl={origin}
      openTier={tier}
      saveSlot={<SavedToggle entityId={event.id} entityTypeCode={ENTITY_TYPE.EVENT} name={event.name} compact />}
      purchase={(categoryId, close) => (
        <Suspense fallback={<PageSpinner />}>
          <PurchaseForm event={event} categoryId={categoryId} onCancel={close} />
        </Suspense>
      )}
    />
  );
}
