import { createFileRoute } from '@tanstack/react-router';
import { CreditsOpenSourcePage } from '../features/pages/credits/credits-open-source-page';

export const Route = createFileRoute('/about_/credits-app-open-source')({
  component: CreditsOpenSourcePage,
});
