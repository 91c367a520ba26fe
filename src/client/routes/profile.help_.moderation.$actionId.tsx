import { createFileRoute } from '@tanstack/react-router';
import { ModerationNotice } from '../features/profile/components/moderation-notice';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/help/moderation/:actionId`: an admin's action told to the member, with their one appeal (the notification leads here). */
export const Route = createFileRoute('/profile/help_/moderation/$actionId')({
  loader: () => preloadNamespaces(['settings']),
  component: ModerationNoticeRoute,
});

function ModerationNoticeRoute() {
  const { actionId } = Route.useParams();
  return <ModerationNotice actionId={actionId} />;
}
