import { createFileRoute } from '@tanstack/react-router';
import { profileQuery } from '../features/people/api/get-profile';
import { PublicProfile } from '../features/people/components/public-profile';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/{flip}`: another person's public profile, open to guests. */
export const Route = createFileRoute('/profile/$flip')({
  loader: async ({ context: { queryClient }, params }) => {
    await Promise.all([queryClient.ensureQueryData(profileQuery(params.flip)), preloadNamespaces(['people'])]);
  },
  component: ProfileRoute,
});

function ProfileRoute() {
  const { flip } = Route.useParams();
  return <PublicProfile flip={flip} />;
}
