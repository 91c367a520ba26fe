import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { NotificationsPage } from '../features/notifications/components/notifications-page';
import { preloadNamespaces } from '../lib/i18n';

const searchSchema = z.object({ tab: z.catch(z.optional(z.enum(['settings'])), undefined) });

/** `/profile/notifications`: the inbox (the bell opens it); `?tab=settings`: where each kind reaches you. */
export const Route = createFileRoute('/profile/notifications')({
  validateSearch: (search) => searchSchema.parse(search),
  loader: () => preloadNamespaces(['notifications']),
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const { tab } = Route.useSearch();
  return <NotificationsPage tab={tab ?? 'inbox'} />;
}
