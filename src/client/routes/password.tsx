import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PasswordResetPage } from '../features/auth/components/password-reset-page';
import { requireSignedOut } from '../features/auth/guards';

const searchSchema = z.object({
  email: z.string().max(254).optional().catch(undefined),
  code: z.string().regex(/^\d{6}$/).optional().catch(undefined),
});

/** Password reset (flag PASSWORD_RESET), signed-out only; the mailed link fills email and code. */
export const Route = createFileRoute('/password')({
  validateSearch: searchSchema,
  beforeLoad: () => requireSignedOut(),
  component: PasswordRoute,
});

function PasswordRoute() {
  const { email, code } = Route.useSearch();
  return <PasswordResetPage email={email} code={code} />;
}
