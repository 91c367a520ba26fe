import { createFileRoute } from '@tanstack/react-router';
import { FollowersPage } from '../features/workspace/followers/followers-page';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/followers/')({
  loader: () => preloadNamespaces(['workspace-followers']),
  component: FollowersPage,
});
