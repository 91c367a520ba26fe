import { createFileRoute } from '@tanstack/react-router';
import { PreferencesPage } from '../features/profile/components/account-settings';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/preferences`: region and hour format, applied at once to every date. */
export const Route = createFileRoute('/profile/preferences')({
  loader: () => preloadNamespaces(['settings']),
  component: PreferencesPage,
});
