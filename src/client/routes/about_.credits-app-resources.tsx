import { createFileRoute } from '@tanstack/react-router';
import { CreditsResourcesPage } from '../features/info/components/credits/credits-resources-page';

export const Route = createFileRoute('/about_/credits-app-resources')({
  component: CreditsResourcesPage,
});
