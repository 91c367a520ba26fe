import { createFileRoute } from '@tanstack/react-router';
import { VersionPage } from '../features/profile/components/version-page';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/version`: app and worker versions, a check for updates. */
export const Route = createFileRoute('/profile/version')({
  loader: () => preloadNamespaces(['settings']),
  component: VersionPage,
});
