import { createFileRoute } from '@tanstack/react-router';
import { searchSearch } from '../lib/search-params';
import { searchPageQuery, searchQuery } from '../features/search/api/search';
import { SearchPage } from '../features/search/components/search-page';
import { pageHead } from '../lib/page-head';
import { preloadNamespaces } from '../lib/i18n';

/** `/search?q=…[&type=…&page=N]`: places, dishes, products, events and articles, accents ignored. */
export const Route = createFileRoute('/search')({
  validateSearch: searchSearch,
  loaderDeps: ({ search }) => ({ q: search.q ?? '', type: search.type, page: search.page ?? 1 }),
  loader: async ({ context: { queryClient }, deps }) => {
    const namespaces = preloadNamespaces(['search']);
    if (deps.q) {
      await (deps.type
        ? queryClient.ensureQueryData(searchPageQuery(deps.type, deps.q, deps.page))
        : queryClient.ensureQueryData(searchQuery(deps.q)));
    }
    await namespaces;
    return { q: deps.q };
  },
  head: ({ loaderData }) =>
    pageHead({ title: loaderData?.q ? `${loaderData.q} · Search` : 'Search', description: 'Search Souk', path: '/search' }),
  component: SearchRoute,
});

function SearchRoute() {
  const { q = '', type, page = 1 } = Route.useSearch();
  return <SearchPage q={q} type={type} page={page} />;
}
