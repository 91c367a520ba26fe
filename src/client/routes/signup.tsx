import { createFileRoute, redirect } from '@tanstack/react-router';
import { authSearch } from '../lib/search-params';
import { SignupPage } from '../features/auth/components/signup-page';
import { requireSignedOut } from '../features/auth/guards';
import { useMaintenanceWhenOff } from '../lib/use-maintenance-when-off';

export const Route = createFileRoute('/signup')({
  validateSearch: authSearch,
  beforeLoad: async ({ search }) => {
    if (search.view) throw redirect({ to: search.view === 'privacy' ? '/privacy' : '/terms' });
    await requireSignedOut();
  },
  component: SignupRoute,
});

function SignupRoute() {
  const { go } = Route.useSearch();
  useMaintenanceWhenOff('SIGNUP');
  return <SignupPage go={go} />;
}
