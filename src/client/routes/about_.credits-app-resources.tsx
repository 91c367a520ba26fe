import { createFileRoute } from '@tanstack/react-router';
import { CreditsResourcesPage } from '../features/pages/credits/credits-resources-page';

export const Route = createFileRoute('/about_/credits-app-resources')({
  component: CreditsResourcesPage,
});
