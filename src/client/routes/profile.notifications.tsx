import { createFileRoute } from '@tanstack/react-router';
import { NotificationsPage } from '../features/notifications/components/notifications-page';
import { preloadNamespaces } from '../lib/i18n';
import { notificationsSearch } from '../lib/signed-in-search-params';

/** `/profile/notifications`: the inbox (the bell opens it); `?tab=settings`: where each kind reaches you. */
export const Route = createFileRoute('/profile/notifications')({
  validateSearch: notificationsSearch,
  loader: () => preloadNamespaces(['notifications']),
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const { tab } = Route.useSearch();
  return <NotificationsPage tab={tab ?? 'inbox'} />;
}
