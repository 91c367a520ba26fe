import { createFileRoute } from '@tanstack/react-router';
import { PromotionsPage } from '../features/workspace/promotions/promotions-page';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/promotions')({
  loader: () => preloadNamespaces(['workspace-promotions']),
  component: PromotionsPage,
});
