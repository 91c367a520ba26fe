import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '../features/auth/components/login-page';
import { requireSignedOut } from '../features/auth/guards';

const searchSchema = z.object({
  go: z.string().max(2000).optional().catch(undefined),
  view: z.enum(['privacy', 'terms']).optional().catch(undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: searchSchema,
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
