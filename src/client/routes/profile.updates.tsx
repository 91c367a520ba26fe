import { createFileRoute } from '@tanstack/react-router';
import { UpdatesPage } from '../features/profile/components/updates-page';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/updates`: followed firms' new events and posts, friends' public activity. */
export const Route = createFileRoute('/profile/updates')({
  loader: () => preloadNamespaces(['settings']),
  component: UpdatesPage,
});
