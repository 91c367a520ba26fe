import { createFileRoute, redirect } from '@tanstack/react-router';
import { authSearch } from '../lib/search-params';
import { LoginPage } from '../features/auth/components/login-page';
import { requireSignedOut } from '../features/auth/guards';

export const Route = createFileRoute('/login')({
  validateSearch: authSearch,
  beforeLoad: async ({ search }) => {
    if (search.view) throw redirect({ to: search.view === 'privacy' ? '/privacy' : '/terms' });
    await requireSignedOut();
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { go } = Route.useSearch();
  return <LoginPage go={go} />;
}
