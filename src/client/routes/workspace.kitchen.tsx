import { createFileRoute } from '@tanstack/react-router';
import { KitchenPage } from '../features/workspace/kitchen/kitchen-page';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/kitchen')({
  loader: () => preloadNamespaces(['workspace-kitchen']),
  component: KitchenPage,
});
