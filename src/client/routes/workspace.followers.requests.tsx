import { createFileRoute } from '@tanstack/react-router';
import { RequestsPage } from '../features/workspace/followers/requests-page';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/followers/requests')({
  loader: () => preloadNamespaces(['workspace-followers']),
  component: RequestsPage,
});
