import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../features/profile/components/account-settings';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/settings`: language, theme, lite mode, help texts. */
export const Route = createFileRoute('/profile/settings')({
  loader: () => preloadNamespaces(['settings']),
  component: SettingsPage,
});
