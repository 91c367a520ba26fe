import { createFileRoute } from '@tanstack/react-router';
import { AnnouncementsPage } from '../features/workspace/announcements/announcements-page';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/announcements')({
  loader: () => preloadNamespaces(['workspace-announcements']),
  component: AnnouncementsPage,
});
