import { createFileRoute } from '@tanstack/react-router';
import { FeedActions, FeedTeaser } from '../features/landing/components/feed-teaser';
import { LandingPage } from '../features/landing/components/landing-page';
import { HomeFeed } from '../features/profile/components/updates-page';

export const Route = createFileRoute('/')({
  // The landing's random headline is picked here, not while rendering: the server's pick travels
  // to the browser with the dehydrated loader data, so hydration shows the same title (no
  // mismatch, no jump). Kept while on the page (no background reload), dropped on leaving it so
  // the next visit picks again.
  loader: () => ({ headlineSeed: Math.random() }),
  staleTime: Infinity,
  gcTime: 0,
  component: Home,
});

function Home() {
  const { headlineSeed } = Route.useLoaderData();
  return <LandingPage headlineSeed={headlineSeed} home={<HomeFeed empty={<FeedTeaser />} actions={<FeedActions />} />} />;
}
