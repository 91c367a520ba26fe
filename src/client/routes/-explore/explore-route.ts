import type { ExploreSearch, ExploreSegment } from '../../features/explore/segments';
import { exploreSearch } from '../../lib/search-params';
import { pageHead } from '../../lib/page-head';
import type { RouterContext } from '../../router';
import { loadExplore } from './explore-loader';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** the explore page a route shows (explore-page.tsx reads it) */
    exploreSegment?: ExploreSegment;
  }
}

/** The server-rendered head's title (English: the browser's title is translated by the page). */
const HEAD_TITLES: Record<ExploreSegment, string> = {
  explore: 'Explore',
  category: 'Explore',
  events: 'Events',
  food: 'Food & Beverage',
  shop: 'Shopping & Retail',
  services: 'Services',
};

/**
 * The nine explore routes (/explore, /events[/x], /food[/x], /shop[/x], /services[/x],
 * /category/x) but for their component:
 * `createFileRoute('/food/')({ ...exploreRoute('food'), component: ExplorePage })`.
 * The component stays in the route file, where the router plugin splits it into the page's lazy
 * chunk; this part (search validation, loader, head) is in the entry with the route tree.
 */
export function exploreRoute(segment: ExploreSegment) {
  return {
    validateSearch: exploreSearch,
    loaderDeps: ({ search }: { search: ExploreSearch }) => search,
    loader: ({ context, params, deps }: { context: RouterContext; params: { category?: string }; deps: ExploreSearch }) =>
      loadExplore(context.queryClient, segment, params.category, deps),
    head: () => pageHead({ title: HEAD_TITLES[segment], description: 'Find restaurants, shops, services and events near you on Souk.' }),
    staticData: { exploreSegment: segment },
  };
}
