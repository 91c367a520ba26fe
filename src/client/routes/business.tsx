import { createFileRoute } from '@tanstack/react-router';
import { businessSearch } from '../lib/signed-in-search-params';
import { requireSignedIn } from '../features/auth/guards';
import { BusinessList } from '../features/workspace/business/business-list';

/** The Business screen: my employments and the invitations waiting for me (`?invitation=` from a mail or a notification). */
export const Route = createFileRoute('/business')({
  validateSearch: businessSearch,
  beforeLoad: requireSignedIn,
  component: function BusinessRoute() {
    const { invitation } = Route.useSearch();
    return <BusinessList invitation={invitation} />;
  },
});
