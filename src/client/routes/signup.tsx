import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { SignupPage } from '../features/auth/components/signup-page';
import { requireSignedOut } from '../features/auth/guards';

const searchSchema = z.object({
  go: z.string().max(2000).optional().catch(undefined),
  view: z.enum(['privacy', 'terms']).optional().catch(undefined),
});

export const Route = createFileRoute('/signup')({
  validateSearch: searchSchema,
  beforeLoad: async ({ search }) => {
    if (search.view) throw redirect({ to: search.view === 'privacy' ? '/privacy' : '/terms' });
    await requireSignedOut();
  },
  component: SignupRoute,
});

function SignupRoute() {
  const { go } = Route.useSearch();
  return <SignupPage go={go} />;
}
