import { createFileRoute } from '@tanstack/react-router';
import { ProfileHelp } from '../features/profile/components/profile-help';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/help`: help, contact, report, one's reports. */
export const Route = createFileRoute('/profile/help')({
  loader: () => preloadNamespaces(['settings']),
  component: ProfileHelp,
});
