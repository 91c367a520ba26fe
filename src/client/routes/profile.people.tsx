import { createFileRoute } from '@tanstack/react-router';
import { PeoplePage } from '../features/people/components/people-page';
import { preloadNamespaces } from '../lib/i18n';
import { peopleSearch } from '../lib/signed-in-search-params';

/** `/profile/people`: friends, requests, people to find, blocked. */
export const Route = createFileRoute('/profile/people')({
  validateSearch: peopleSearch,
  loader: () => preloadNamespaces(['people']),
  component: PeopleRoute,
});

function PeopleRoute() {
  const { tab } = Route.useSearch();
  return <PeoplePage tab={tab ?? 'friends'} />;
}
