import { createFileRoute } from '@tanstack/react-router';
import { exploreSearchSchema } from '../lib/search-params';
import { ExploreRoute } from './-marketplace/explore-route';
import { loadExplore } from './-marketplace/explore-loader';
import { pageHead } from '../lib/page-head';

export const Route = createFileRoute('/food/')({
  validateSearch: exploreSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps }) =>
    loadExplore(queryClient, 'food', (params as { category?: string }).category, deps),
  head: () => pageHead({ title: 'Food & Beverage', description: 'Find restaurants, shops, services and events near you on Souk.' }),
  component: () => <ExploreRoute segment="food" />,
});
