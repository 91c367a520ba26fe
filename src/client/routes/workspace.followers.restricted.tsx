import { createFileRoute } from '@tanstack/react-router';
import { RestrictedPage } from '../features/workspace/followers/restricted-page';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/followers/restricted')({
  loader: () => preloadNamespaces(['workspace-followers']),
  component: RestrictedPage,
});
