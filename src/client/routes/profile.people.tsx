import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { PeoplePage } from '../features/people/components/people-page';
import { preloadNamespaces } from '../lib/i18n';

const searchSchema = z.object({ tab: z.catch(z.optional(z.enum(['requests', 'sent', 'find', 'blocked'])), undefined) });

/** `/profile/people`: friends, requests, people to find, blocked. */
export const Route = createFileRoute('/profile/people')({
  validateSearch: (search) => searchSchema.parse(search),
  loader: () => preloadNamespaces(['people']),
  component: PeopleRoute,
});

function PeopleRoute() {
  const { tab } = Route.useSearch();
  return <PeoplePage tab={tab ?? 'friends'} />;
}
