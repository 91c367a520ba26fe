import { createFileRoute } from '@tanstack/react-router';
import { passwordSearch } from '../lib/search-params';
import { PasswordResetPage } from '../features/auth/components/password-reset-page';
import { requireSignedOut } from '../features/auth/guards';
import { useMaintenanceWhenOff } from '../lib/use-maintenance-when-off';

/** Password reset (flag PASSWORD_RESET), signed-out only; the mailed link fills email and code. */
export const Route = createFileRoute('/password')({
  validateSearch: passwordSearch,
  beforeLoad: () => requireSignedOut(),
  component: PasswordRoute,
});

function PasswordRoute() {
  const { email, code } = Route.useSearch();
  useMaintenanceWhenOff('PASSWORD_RESET');
  return <PasswordResetPage email={email} code={code} />;
}
