import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../features/profile/components/account-page';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/account`: email, password, download my data, delete my account. */
export const Route = createFileRoute('/profile/account')({
  loader: () => preloadNamespaces(['settings']),
  component: AccountPage,
});
