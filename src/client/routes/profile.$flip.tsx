import { createFileRoute } from '@tanstack/react-router';
import { profileQuery } from '../features/people/api/get-profile';
import { PublicProfile } from '../features/people/components/public-profile';

/** `/profile/{flip}`: another person's public profile, open to guests (spec section 6). */
export const Route = createFileRoute('/profile/$flip')({
  loader: async ({ context: { queryClient }, params }) => {
    await queryClient.ensureQueryData(profileQuery(params.flip));
  },
  component: ProfileRoute,
});

function ProfileRoute() {
  const { flip } = Route.useParams();
  return <PublicProfile flip={flip} />;
}
